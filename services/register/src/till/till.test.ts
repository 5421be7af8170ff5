import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@kermesse/kit/bus';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';
import { tamperAsSuperuser } from '../testing/tamper.ts';

let h: RegisterHarness;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Kermesse des sessions' });
});

afterAll(async () => {
  await h?.close();
});

const base = () => `/api/cr/checkouts/${h.checkoutId}/session`;

async function sell(items: Array<[string, number]>, paymentMode: 1 | 2 | 99, extra: Record<string, unknown> = {}) {
  const cart = items.map(([name, quantity]) => ({ product: { id: h.madeProduct(name) }, quantity }));
  const res = await h.request('POST', '/api/cr/sale/create', {
    body: {
      sale: {
        checkoutId: h.checkoutId,
        eventId: h.eventId,
        cart,
        paymentMode,
        paymentStatus: paymentMode === 99 ? 2 : 1,
        payments: [],
        ...extra,
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.sale as { id: number; reference: string };
}

describe('a till session from its opening to its Z report', () => {
  beforeAll(async () => {
    await h.createProducts([
      { name: 'Orangeade', price: 2, category: 'Buvette' },
      { name: 'Chocolat chaud', price: 1.5, category: 'Buvette' },
      { name: 'Guimauves', price: 1.5, category: 'Friandises' },
      { name: 'Tatouage', price: 2.5, category: 'Jeux' },
      { name: 'Pêche à la ligne', price: 1.5, category: 'Jeux' },
      { name: 'Sac en tissu', price: 6, category: 'Jeux' },
    ]);
  });

  it('opens with 50 €, sells, refunds, closes 2 € short with a reason, and every Z-report total is exact', async () => {
    expect((await h.request('GET', base())).body).toEqual({ open: false, session: null });
    expect(await h.request('POST', `${base()}/open`, { body: { float: { cash: 50.001 } } })).toMatchObject({ status: 400 });
    const opened = await h.request('POST', `${base()}/open`, { body: { float: { cash: 50 } } });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      open: true,
      session: { checkoutId: h.checkoutId, float: { cash: 50 }, automatic: false, expected: { cash: 50, cheque: 0, card: 0 } },
    });
    const sessionId = opened.body.session.id as number;
    const again = await h.request('POST', `${base()}/open`, { body: { float: { cash: 10 } } });
    expect(again).toMatchObject({
      status: 409,
      body: { error: 'Une session de caisse est déjà ouverte sur cette caisse.', code: 'SESSION_ALREADY_OPEN' },
    });

    const a = await sell(
      [
        ['Orangeade', 2],
        ['Guimauves', 1],
      ],
      2,
    ); // 5.50 cash
    const b = await sell(
      [
        ['Tatouage', 2],
        ['Pêche à la ligne', 3],
      ],
      2,
    ); // 9.50 cash
    const c = await sell([['Sac en tissu', 2]], 1, { payments: [{ method: 'CHQ', amount: 12, payment_reference: '1234567' }] }); // 12.00 cheque
    // A sale on hold paid in cash within the session.
    const buyer = await h.request('POST', '/api/cr/users/create', {
      body: { email: 'lea.session@example.org', phone: '0611223344', firstName: 'Léa', lastName: 'Martin' },
    });
    const held = await sell([['Chocolat chaud', 3]], 99, { personId: buyer.body.data.user.id }); // 4.50 held
    expect(
      (await h.request('POST', `/api/cr/sale/pending/${held.id}/payment`, { body: [{ price: 4.5, payment_mode: 2, reference: '5' }] }))
        .status,
    ).toBe(200);
    for (const sale of [a, b, c, held]) expect((await h.db('sales').where({ id: sale.id }).first('session_id')).session_id).toBe(sessionId);

    // One Tatouage of sale b given back in cash (2.50), by an admin.
    const refund = await h.request('POST', `/api/cr/sale/${b.reference}/refund`, {
      who: 'admin',
      body: { lines: [{ productId: h.madeProduct('Tatouage'), quantity: 1 }], reason: 'Enfant malade', payment_mode: 2 },
    });
    expect(refund.status, refund.text).toBe(201);
    expect((await h.db('refunds').where({ sale_id: b.id }).first('session_id')).session_id).toBe(sessionId);

    // A successful reader charge no sale took: the card reconciliation lists it.
    const cashier = (await h.db('sales').where({ id: a.id }).first('created_by')).created_by as string;
    await h.db('card_transactions').insert({
      provider: 'simulator',
      reader_id: 'rdr_TEST',
      client_transaction_id: 'orphan-1',
      amount_cents: 450,
      status: 'SUCCESSFUL',
      transaction_code: 'TXORPHAN',
      created_by: cashier,
    });

    const current = await h.request('GET', base());
    expect(current.body).toMatchObject({
      open: true,
      session: { id: sessionId, salesCount: 4, expected: { cash: 67, cheque: 12, card: 0 } },
    });
    const detail = await h.request('GET', `/api/cr/session/${sessionId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.cheques).toEqual([
      { paymentId: expect.any(Number), number: '1234567', amount: 12, saleReference: c.reference, at: expect.any(String) },
    ]);
    expect(detail.body.card).toMatchObject({
      paymentsTotal: 0,
      readerTotal: 4.5,
      readerCount: 1,
      mismatches: [{ kind: 'reader_without_sale', code: 'TXORPHAN', amount: 4.5 }],
    });
    expect(detail.body.card.mismatches[0].message).toBe('Transaction du lecteur TXORPHAN de 4,50\u00a0€ réussie sans vente enregistrée.');

    const noReason = await h.request('POST', `${base()}/close`, { body: { counted: { cash: 65, cheque: 12, card: 0 } } });
    expect(noReason).toMatchObject({ status: 400, body: { error: "Indiquez la raison de l'écart de caisse.", code: 'REASON_REQUIRED' } });
    expect((await h.request('GET', base())).body.open).toBe(true);

    const closed = await h.request('POST', `${base()}/close`, {
      body: { counted: { cash: 65, cheque: 12, card: 0 }, reason: 'Erreur de rendu de monnaie' },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({
      sessionId,
      expected: { cash: 67, cheque: 12, card: 0 },
      counted: { cash: 65, cheque: 12, card: 0 },
      difference: { cash: -2, cheque: 0, card: 0 },
      reason: 'Erreur de rendu de monnaie',
      grandTotal: 29, // 5.50 + 9.50 + 12 + 4.50 sold − 2.50 refunded
      journal: { seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      reportUrl: `/api/cr/session/${sessionId}/report`,
    });
    const row = await h.db('till_sessions').where({ id: sessionId }).first();
    expect(row).toMatchObject({
      differences: { cashCents: -200, chequeCents: 0, cardCents: 0 },
      reason: 'Erreur de rendu de monnaie',
      grand_total_cents: 2900,
      last_journal_seq: closed.body.journal.seq,
      last_journal_hash: closed.body.journal.hash,
    });
    expect(await h.db('journal').where({ seq: closed.body.journal.seq }).first('kind', 'reference', 'hash')).toEqual({
      kind: 'session.closed',
      reference: String(sessionId),
      hash: closed.body.journal.hash,
    });
    expect((await h.request('GET', base())).body).toEqual({ open: false, session: null });
    expect(await h.request('POST', `${base()}/close`, { body: { counted: { cash: 0, cheque: 0, card: 0 } } })).toMatchObject({
      status: 409,
      body: { error: "Aucune session de caisse n'est ouverte sur cette caisse." },
    });

    const events = await h.db('outbox').whereIn('type', ['till.opened', 'till.closed']).orderBy('occurred_at').select('envelope');
    const closedEvent = events
      .map((e) => e.envelope as EventEnvelope)
      .find((e) => e.type === 'till.closed') as EventEnvelope<'till.closed'>;
    expect(closedEvent.payload).toMatchObject({
      sessionId,
      expected: { cashCents: 6700, chequeCents: 1200, cardCents: 0 },
      counted: { cashCents: 6500, chequeCents: 1200, cardCents: 0 },
      differences: { cashCents: -200, chequeCents: 0, cardCents: 0 },
      grandTotalCents: 2900,
      lastJournalHash: closed.body.journal.hash,
    });

    // Loto cartons of the session: their own figure per night, next to tickets and bets.
    const [category] = await h
      .db('categories')
      .insert({ name: 'Loto du samedi', kind: 'bingo', bingo_id: 901, event_id: h.eventId })
      .returning('id');
    await h.db('bingos').insert({
      id: 901,
      event_id: h.eventId,
      name: 'Loto du samedi',
      total_cartons: 100,
      tiers: JSON.stringify([]),
      category_id: (category as { id: number }).id,
    });
    await h.db('sale_cartons').insert([12, 13, 14].map((carton_number) => ({ sale_id: a.id, bingo_id: 901, carton_number })));

    const report = await h.request('GET', `/api/cr/session/${sessionId}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toMatch(/text\/html/);
    const text = report.text.replace(/\u202f|\u00a0/g, ' ');
    expect(text).toContain('Rapport de clôture');
    expect(text).toMatch(/Nombre de ventes<\/td><td class="amount">4</);
    expect(text).toMatch(/Total des ventes<\/td><td class="amount">31,50 €/);
    expect(text).toMatch(/Espèces <span class="muted">\(3\)<\/span><\/td><td class="amount">19,50 €/);
    expect(text).toMatch(/Chèques <span class="muted">\(1\)<\/span><\/td><td class="amount">12,00 €/);
    expect(text).toMatch(/Carte bancaire <span class="muted">\(0\)<\/span><\/td><td class="amount">0,00 €/);
    expect(text).toMatch(/Fonds de caisse[^<]*<\/td><td class="amount">50,00 €/);
    expect(text).toMatch(/Buvette <span class="muted">\(5\)<\/span><\/td><td class="amount">8,50 €/); // 2 orangeades + 3 chocolats
    expect(text).toMatch(/Friandises <span class="muted">\(1\)<\/span><\/td><td class="amount">1,50 €/);
    expect(text).toMatch(/Jeux <span class="muted">\(7\)<\/span><\/td><td class="amount">21,50 €/);
    expect(text).toMatch(/Nombre de remboursements<\/td><td class="amount">1</);
    expect(text).toMatch(/Espèces rendues<\/td><td class="amount">2,50 €/);
    expect(text).toMatch(/<td>Espèces<\/td><td class="amount">67,00 €<\/td><td class="amount">65,00 €<\/td><td class="amount gap">-2,00 €/);
    expect(text).toContain('Erreur de rendu de monnaie');
    expect(text).toMatch(/Cartons de loto — Loto du samedi<\/td><td class="amount">3</);
    expect(text).toMatch(/Ventes − remboursements<\/td><td class="amount">29,00 €/);
    expect(text).toContain(`Premier reçu</td><td class="amount">${a.reference}`);
    expect(text).toContain(`Dernier reçu</td><td class="amount">${held.reference}`);
    expect(text).toContain(closed.body.journal.hash);
    expect(text).toContain('TXORPHAN');
    expect((await h.request('GET', `/api/cr/session/${sessionId}/report?format=a4`)).text).toContain('size: A4');

    const slip = await h.request('GET', `/api/cr/session/${sessionId}/cheques`);
    expect(slip.status).toBe(200);
    expect(slip.text).toContain('Bordereau de remise de chèques');
    expect(slip.text).toContain('1234567');
    expect(slip.text.replace(/\u202f|\u00a0/g, ' ')).toMatch(/1 chèque<\/td><td class="amount">12,00 €/);
    expect((await h.request('GET', '/api/cr/session/999999/report')).status).toBe(404);
  });

  it('a sale on a register with no open session opens one automatically with a float of 0', async () => {
    const sale = await sell([['Chocolat chaud', 1]], 2);
    const current = await h.request('GET', base());
    expect(current.body).toMatchObject({
      open: true,
      session: { automatic: true, float: { cash: 0 }, salesCount: 1, expected: { cash: 1.5 } },
    });
    expect((await h.db('sales').where({ id: sale.id }).first('session_id')).session_id).toBe(current.body.session.id);
    // Sales still in the device's offline queue: no closing until they are sent.
    const queued = await h.request('POST', `${base()}/close`, { body: { counted: { cash: 1.5, cheque: 0, card: 0 }, pendingOffline: 2 } });
    expect(queued).toMatchObject({
      status: 400,
      body: { error: "2 ventes en attente d'envoi : envoyez-les avant de clôturer la caisse.", code: 'OFFLINE_PENDING' },
    });
    expect(
      (await h.request('POST', `${base()}/close`, { body: { counted: { cash: 1.5, cheque: 0, card: 0 }, pendingOffline: 1 } })).body.error,
    ).toBe("1 vente en attente d'envoi : envoyez-la avant de clôturer la caisse.");
    expect((await h.request('GET', base())).body.open).toBe(true);
    const closed = await h.request('POST', `${base()}/close`, { body: { counted: { cash: 1.5, cheque: 0, card: 0 }, pendingOffline: 0 } });
    expect(closed).toMatchObject({ status: 200, body: { difference: { cash: 0, cheque: 0, card: 0 }, reason: null } });
  });

  it("lists the register's past sessions, newest first, with their totals, differences and printable pages", async () => {
    const list = await h.request('GET', `/api/cr/checkouts/${h.checkoutId}/sessions`);
    expect(list.status, list.text).toBe(200);
    const sessions = list.body.sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    const [automatic, counted] = sessions;
    expect(automatic).toMatchObject({
      checkoutId: h.checkoutId,
      eventId: h.eventId,
      automatic: true,
      float: { cash: 0 },
      salesCount: 1,
      grandTotal: 1.5,
      expected: { cash: 1.5, cheque: 0, card: 0 },
      counted: { cash: 1.5, cheque: 0, card: 0 },
      difference: { cash: 0, cheque: 0, card: 0 },
      reason: null,
      chequesCount: 0,
    });
    expect(counted).toMatchObject({
      automatic: false,
      float: { cash: 50 },
      salesCount: 4,
      grandTotal: 29,
      expected: { cash: 67, cheque: 12, card: 0 },
      counted: { cash: 65, cheque: 12, card: 0 },
      difference: { cash: -2, cheque: 0, card: 0 },
      reason: 'Erreur de rendu de monnaie',
      chequesCount: 1,
      reportUrl: `/api/cr/session/${counted!.id}/report`,
      chequesUrl: `/api/cr/session/${counted!.id}/cheques`,
      openedAt: expect.any(String),
      closedAt: expect.any(String),
      openedBy: expect.any(String),
      closedBy: expect.any(String),
    });
    expect(Date.parse(automatic!.closedAt as string)).toBeGreaterThanOrEqual(Date.parse(counted!.closedAt as string));
    expect((await h.request('GET', counted!.reportUrl as string)).text).toContain('Rapport de clôture');
    // The open session is not listed; an unknown register is a French 404.
    await sell([['Chocolat chaud', 1]], 2);
    expect((await h.request('GET', `/api/cr/checkouts/${h.checkoutId}/sessions`)).body.sessions).toHaveLength(2);
    expect(await h.request('GET', '/api/cr/checkouts/999999/sessions')).toMatchObject({
      status: 404,
      body: { error: 'Caisse introuvable.' },
    });
    const closed = await h.request('POST', `${base()}/close`, { body: { counted: { cash: 1.5, cheque: 0, card: 0 } } });
    expect(closed.status, closed.text).toBe(200);
  });

  it('shows the loto cartons sold on the dashboard, next to tickets and bets, refunded ones voided', async () => {
    // Night 901: 3 cartons on the first session's first sale (above), 2 more on a sale refunded with one voided.
    // (Its carton sale lines are not written here: the amount is the night's category total, 0.)
    const sale = await sell([['Chocolat chaud', 1]], 2);
    await h.db('sale_cartons').insert([
      { sale_id: sale.id, bingo_id: 901, carton_number: 40 },
      { sale_id: sale.id, bingo_id: 901, carton_number: 41 },
    ]);
    const given = await h.request('POST', `/api/cr/sale/${sale.reference}/refund`, {
      who: 'admin',
      body: { lines: [{ productId: h.madeProduct('Chocolat chaud'), quantity: 1 }], reason: 'Erreur', payment_mode: 2 },
    });
    expect(given.status, given.text).toBe(201);
    // The refund as a loto refund would have written it (refunds are unalterable: a superuser's shortcut).
    await tamperAsSuperuser(h.db, (trx) =>
      trx('refunds')
        .where({ sale_id: sale.id })
        .update({ voided_cartons: trx.raw("'{41}'::int[]") }),
    );

    const dashboard = await h.request('GET', `/api/admin/dashboard/${h.eventId}`, { who: 'admin' });
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.bingos).toEqual([{ bingoId: 901, name: 'Loto du samedi', sold: 4, voided: 1, total: 100, amount: 0 }]);
    const closed = await h.request('POST', `${base()}/close`, { body: { counted: { cash: 0, cheque: 0, card: 0 }, reason: 'Test' } });
    expect(closed.status, closed.text).toBe(200);
  });

  it('refuses a sale on an archived register or event, in French', async () => {
    await h.db('checkouts').where({ id: h.checkoutId }).update({ archived_at: new Date() });
    const cart = [{ product: { id: h.madeProduct('Chocolat chaud') }, quantity: 1 }];
    const onArchivedCheckout = await h.request('POST', '/api/cr/sale/create', {
      body: { sale: { checkoutId: h.checkoutId, eventId: h.eventId, cart, paymentMode: 2, payments: [] } },
    });
    expect(onArchivedCheckout).toMatchObject({ status: 400, body: { error: 'Cette caisse est archivée.' } });
    await h.db('events').where({ id: h.eventId }).update({ archived_at: new Date() });
    const onArchivedEvent = await h.request('POST', '/api/cr/sale/create', {
      body: { sale: { checkoutId: h.checkoutId, eventId: h.eventId, cart, paymentMode: 2, payments: [] } },
    });
    expect(onArchivedEvent).toMatchObject({ status: 400, body: { error: "Cet événement est archivé : il n'accepte plus de ventes." } });
    await h.db('events').where({ id: h.eventId }).update({ archived_at: null });
    await h.db('checkouts').where({ id: h.checkoutId }).update({ archived_at: null });
  });
});

describe('the journal check', () => {
  const verify = () => h.request('GET', '/api/admin/journal/verify', { who: 'admin' });

  beforeAll(async () => {
    await h.createProducts([
      { name: 'Barre de nougat', price: 1.75, category: 'Friandises' },
      { name: "Sucre d'orge", price: 1.2, category: 'Friandises' },
    ]);
  });

  it('answers ok for the admin only, then names a modified sale, a modified record and deleted last records', async () => {
    expect((await h.request('GET', '/api/admin/journal/verify')).status).toBe(403);
    const sale = await sell([['Barre de nougat', 2]], 2); // 3.50
    const later = await sell([["Sucre d'orge", 1]], 2); // 1.20
    const ok = await verify();
    expect(ok.status).toBe(200);
    const records = await h.db('journal').count<{ count: number }[]>('* as count');
    expect(ok.body).toEqual({ ok: true, records: Number(records[0]!.count) });
    const kinds = await h.db('journal').distinct('kind').pluck('kind');
    expect(new Set(kinds)).toEqual(new Set(['session.opened', 'sale', 'payment', 'refund', 'session.closed']));

    // A sale row changed in the database.
    const saleRecord = await h.db('journal').where({ kind: 'sale', reference: sale.reference }).first('seq');
    await tamperAsSuperuser(h.db, (trx) => trx('sales').where({ id: sale.id }).update({ total_cents: 100, paid_cents: 100 }));
    const changedSale = await verify();
    expect(changedSale.body).toMatchObject({
      ok: false,
      firstBroken: { seq: Number(saleRecord.seq), kind: 'sale', reference: sale.reference },
    });
    expect(changedSale.body.firstBroken.problem).toBe(`La vente ${sale.reference} a été modifiée après son enregistrement (total).`);
    await tamperAsSuperuser(h.db, (trx) => trx('sales').where({ id: sale.id }).update({ total_cents: 350, paid_cents: 350 }));
    await tamperAsSuperuser(h.db, (trx) => trx('sale_lines').where({ sale_id: sale.id }).update({ quantity: 1 }));
    expect((await verify()).body.firstBroken).toMatchObject({ reference: sale.reference, problem: expect.stringContaining('lignes') });
    await tamperAsSuperuser(h.db, (trx) => trx('sale_lines').where({ sale_id: sale.id }).update({ quantity: 2 }));
    expect((await verify()).body.ok).toBe(true);

    // A journal record changed.
    const record = await h.db('journal').where({ kind: 'sale', reference: later.reference }).first();
    await tamperAsSuperuser(h.db, (trx) =>
      trx('journal')
        .where({ seq: record.seq })
        .update({ payload: record.payload.replace('"totalCents":120', '"totalCents":12') }),
    );
    expect((await verify()).body).toMatchObject({
      ok: false,
      firstBroken: { seq: Number(record.seq), kind: 'sale', reference: later.reference },
    });
    await tamperAsSuperuser(h.db, (trx) => trx('journal').where({ seq: record.seq }).update({ payload: record.payload }));
    expect((await verify()).body.ok).toBe(true);

    // The last records deleted, the head rewound to hide it: the closings' anchors still tell.
    const anchor = await h
      .db('till_sessions')
      .whereNotNull('last_journal_seq')
      .orderBy('last_journal_seq', 'desc')
      .first('id', 'last_journal_seq');
    const cut = Number(anchor.last_journal_seq) - 1;
    const kept = await h.db('journal').where({ seq: cut }).first('seq', 'hash', 'prev_hash');
    await tamperAsSuperuser(h.db, (trx) => trx('journal').where('seq', '>', cut).delete());
    const deleted = await verify();
    expect(deleted.body).toMatchObject({ ok: false, firstBroken: { seq: cut + 1 } });
    expect(deleted.body.firstBroken.problem).toMatch(/supprimés/);
    await h.db('journal_head').where({ id: 1 }).update({ seq: kept.seq, hash: kept.hash, prev_hash: kept.prev_hash });
    const hidden = await verify();
    expect(hidden.body).toMatchObject({
      ok: false,
      firstBroken: { seq: Number(anchor.last_journal_seq), kind: 'session.closed', reference: String(anchor.id) },
    });
    expect(hidden.body.firstBroken.problem).toMatch(/supprimés/);
  });
});
