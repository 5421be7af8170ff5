import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kermesse/kit/testing';
import { createDb } from '@kermesse/kit/db';
import { buildSale, startAccountingTestSystem, type AccountingTestSystem, type Who } from './testSupport.ts';

let sys: AccountingTestSystem;

beforeAll(async () => {
  sys = await startAccountingTestSystem();
});

afterAll(async () => {
  await sys?.stop();
});

const json = (method: string, path: string, body: unknown, as: Who = 'treasurer') =>
  sys.request(path, { method, as, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const create = async (financial_year: number, data_csv_raw: string) => {
  const res = await json('POST', '/api/admin/accountancy/trial-balance', { financial_year, data_csv_raw });
  expect(res.status).toBe(201);
  return ((await res.json()) as { trialBalance: { id: number } }).trialBalance.id;
};
const rowsOf = async (id: number) =>
  (await sys.request(`/api/admin/accountancy/trial-balance-rows/${id}`)).json() as Promise<Array<Record<string, unknown>>>;
const importCsv = (id: number, init: RequestInit = {}) => sys.request(`/api/trials/import/${id}`, { method: 'POST', ...init });

const SPREADSHEET =
  '\uFEFFaccountCode,accountLabel,debit,credit\n530,Caisse,1234.56,0\n6071,Achats buvette,300.5,0\n707,Ventes de marchandises,0,1535.06\n';
const TAB =
  'N° compte\tIntitulé\tDébit\tCrédit\n530\tCaisse\t1234,56\t\n6071\tAchats buvette\t300,50\t\n707\tVentes de marchandises\t\t1535,06\n';
const PAHEKO_1252 = Uint8Array.from(
  [
    ...'Numéro;Libellé;Débit;Crédit;Solde\r\n530;Caisse;1 234,56;0,00;1 234,56\r\n6071;Achats buvette;300,50;;300,50\r\n707;Ventes de marchandises;0,00;1 535,06;-1 535,06\r\n;Total;1 535,06;1 535,06;0,00\r\n',
  ].map((c) => c.charCodeAt(0)),
);
const ROWS = [
  { accountCode: '530', accountLabel: 'Caisse', debit: 1234.56, credit: 0, balance: 1234.56, financial_year: 2024 },
  { accountCode: '6071', accountLabel: 'Achats buvette', debit: 300.5, credit: 0, balance: 300.5, financial_year: 2024 },
  { accountCode: '707', accountLabel: 'Ventes de marchandises', debit: 0, credit: 1535.06, balance: -1535.06, financial_year: 2024 },
];

describe('trial balances (docs/spec.md §7)', () => {
  it('imports the three forms a treasurer exports into the same rows', async () => {
    const fromSheet = await create(2024, SPREADSHEET);
    expect(await (await importCsv(fromSheet)).json()).toEqual({ created: 3 });
    const fromTab = await create(2024, TAB);
    expect(await (await importCsv(fromTab)).json()).toEqual({ created: 3 });
    // Paheko's « Balance générale » in Windows-1252, sent as the file itself.
    const fromPaheko = await create(2024, 'à remplacer');
    const res = await importCsv(fromPaheko, { headers: { 'content-type': 'text/csv' }, body: PAHEKO_1252 });
    expect(await res.json()).toEqual({ created: 3 });
    for (const id of [fromSheet, fromTab, fromPaheko]) expect(await rowsOf(id)).toEqual(ROWS);
    const stored = (await (await sys.request(`/api/admin/accountancy/trial-balance/${fromPaheko}`)).json()) as {
      trialBalance: { data_csv_raw: string; rows: number };
    };
    expect(stored.trialBalance.data_csv_raw).toMatch(/^Numéro;Libellé;Débit;Crédit/);
    expect(stored.trialBalance.rows).toBe(3);
  });

  it('refuses a file with a bad amount as a whole, naming its lines, and keeps the rows it had', async () => {
    const id = await create(2024, SPREADSHEET);
    await importCsv(id);
    const put = await json('PUT', `/api/admin/accountancy/trial-balance/${id}`, {
      id,
      financial_year: 2024,
      data_csv_raw: 'Compte;Libellé;Débit;Crédit\n530;Caisse;12,5O;0\n707;Ventes;0;abc\n',
    });
    expect(put.status).toBe(200);
    const res = await importCsv(id);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string; details: { errors: string[] } };
    expect(body.code).toBe('CSV_INVALID');
    expect(body.details.errors).toEqual([
      "Ligne 2 : le débit « 12,5O » n'est pas un montant (par exemple 1234,56 ou 1234.56).",
      "Ligne 3 : le crédit « abc » n'est pas un montant (par exemple 1234,56 ou 1234.56).",
    ]);
    expect(body.error).toContain('Ligne 2 :');
    expect(await rowsOf(id)).toEqual(ROWS);
  });

  it('names the missing or empty field (docs/spec.md §5)', async () => {
    const missing = await json('POST', '/api/admin/accountancy/trial-balance', { data_csv_raw: 'x' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe('Le champ « financial_year » est obligatoire.');
    const empty = await json('POST', '/api/admin/accountancy/trial-balance', { financial_year: 2024, data_csv_raw: '' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toContain('data_csv_raw');
    expect((await json('POST', '/api/admin/accountancy/trial-balance', { financial_year: 'deux mille', data_csv_raw: 'x' })).status).toBe(
      400,
    );
  });

  it('makes a locked trial balance read-only: edit, import and delete answer 409 in French', async () => {
    const id = await create(2023, SPREADSHEET);
    await importCsv(id);
    const lock = await json('PUT', `/api/admin/accountancy/trial-balance/${id}`, {
      financial_year: 2023,
      data_csv_raw: SPREADSHEET,
      locked: true,
    });
    expect(((await lock.json()) as { trialBalance: { locked: boolean } }).trialBalance.locked).toBe(true);
    const edit = await json('PUT', `/api/admin/accountancy/trial-balance/${id}`, {
      financial_year: 2023,
      data_csv_raw: TAB,
      locked: false,
    });
    expect(edit.status).toBe(409);
    expect(await edit.json()).toMatchObject({
      code: 'TRIAL_BALANCE_LOCKED',
      error: 'Cette balance est verrouillée : elle ne peut plus être modifiée, importée ni supprimée.',
    });
    expect((await importCsv(id)).status).toBe(409);
    expect((await sys.request(`/api/admin/accountancy/trial-balance/${id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await rowsOf(id)).map((r) => r.financial_year)).toEqual([2023, 2023, 2023]);
  });

  it('lets the treasurer and the admin in, keeps cashiers and volunteers out', async () => {
    for (const who of ['treasurer', 'admin'] as const)
      expect((await sys.request('/api/admin/accountancy/trial-balance', { as: who })).status).toBe(200);
    for (const who of ['cashier', 'volunteer'] as const) {
      expect((await sys.request('/api/admin/accountancy/trial-balance', { as: who })).status).toBe(403);
      expect((await sys.request('/api/admin/accountancy/bilan-des-comptes/2024', { as: who })).status).toBe(403);
      expect((await sys.request('/api/trials/import/1', { method: 'POST', as: who })).status).toBe(403);
      expect((await json('POST', '/api/admin/accountancy/trial-balance', { financial_year: 2024, data_csv_raw: 'x' }, who)).status).toBe(
        403,
      );
    }
    expect((await sys.request('/api/admin/accountancy/trial-balance', { as: null })).status).toBe(401);
  });
});

describe('reports of a year', () => {
  it('lays out the Bilan, the Disponibilités and the forecast of the sample Paheko file', async () => {
    const bytes = readFileSync(new URL('../samples/balance-generale-2025.csv', import.meta.url));
    const id = await create(2019, 'x');
    expect(await (await importCsv(id, { headers: { 'content-type': 'text/csv' }, body: bytes })).json()).toEqual({ created: 19 });
    const bilan = (await (await sys.request('/api/admin/accountancy/bilan-des-comptes/2019')).json()) as Array<Record<string, unknown>>;
    expect(bilan[0]).toEqual({
      rank: 1,
      depense_label: 'Prestations (sono, animateur)',
      depenses: 350,
      recette_label: '',
      recettes: 0,
      solde: -350,
    });
    expect(bilan.find((r) => r.depense_label === 'Achats buvette')).toMatchObject({
      recette_label: 'Ventes buvette',
      depenses: 612.4,
      recettes: 1640.8,
      solde: 1028.4,
    });
    // 6072/707 balance each other (420 − 420): dropped.
    expect(bilan.some((r) => r.depense_label === 'Achats de marchandises')).toBe(false);
    // No budget for 2020: its forecast starts from 2019's figures.
    expect(await (await sys.request('/api/admin/accountancy/previsionnel/2020')).json()).toEqual(bilan);
    // A budget for 2019 feeds its forecast, never its Bilan.
    const budget = await json('POST', '/api/admin/accountancy/trial-balance', {
      financial_year: 2019,
      data_csv_raw: 'Compte;Libellé;Débit;Crédit\n6071;Achats buvette;700;0\n701;Ventes buvette;0;1000\n',
      forecast: true,
    });
    const budgetId = ((await budget.json()) as { trialBalance: { id: number; forecast: boolean } }).trialBalance;
    expect(budgetId.forecast).toBe(true);
    await importCsv(budgetId.id);
    expect(await (await sys.request('/api/admin/accountancy/previsionnel/2019')).json()).toEqual([
      { rank: 1, depense_label: 'Achats buvette', depenses: 700, recette_label: 'Ventes buvette', recettes: 1000, solde: 300 },
    ]);
    expect(await (await sys.request('/api/admin/accountancy/bilan-des-comptes/2019')).json()).toEqual(bilan);
    const dispo = await (await sys.request('/api/admin/accountancy/bilan-disponibilite/2019')).json();
    expect(dispo).toEqual([
      { accountCode: '5112', accountLabel: 'Chèques à encaisser', balance: 236 },
      { accountCode: '512', accountLabel: 'Banque', balance: 3562.35 },
      { accountCode: '530', accountLabel: 'Caisse', balance: 245.5 },
    ]);
    const csv = await sys.request('/api/admin/accountancy/bilan-des-comptes/2019?format=csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes2 = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes2.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes2);
    expect(text.split('\r\n')[0]).toBe('Rang;Dépense;Montant;Recette;Montant;Solde');
    expect(text).toContain(';TOTAUX;');
    expect(await (await sys.request('/api/admin/accountancy/bilan-des-comptes/1999')).json()).toEqual([]);
  });
});

describe('the books write themselves', () => {
  const journal = async (year: number) =>
    (await (await sys.request(`/api/admin/accountancy/journal/${year}`)).json()) as {
      entries: Array<{ number: number; pieceRef: string; date: string; lines: Array<{ account: string; debit: number; credit: number }> }>;
    };

  it('writes one entry per sale in the plan comptable associatif, even when delivered twice', async () => {
    await sys.publish('catalog.event.created', { eventId: 1, name: 'Kermesse de printemps', startsOn: '2026-05-16' });
    const sale = buildSale(1, [
      ['product', 'Boissons', 350],
      ['discount', 'Formule', -50],
      ['donation', 'Donations', 500],
      ['raffle', 'Tombola', 1000],
    ]);
    const envelope = await sys.publish('sale.completed', sale);
    // The same event again under another message id (past the de-duplication), and the same sale under a new event id.
    await sys.publishRaw(envelope, randomUUID());
    await sys.publishRaw({ ...envelope, id: randomUUID() }, randomUUID());
    await sys.publish(
      'sale.completed',
      buildSale(2, [['product', 'Plats', 450]], { method: 'CB', completedAt: '2026-05-16T21:30:00.000Z' }),
    );
    const { entries } = await eventually(async () => {
      const j = await journal(2026);
      return j.entries.length === 2 ? j : null;
    });
    expect(entries[0]).toMatchObject({ number: 1, pieceRef: 'V-000001', date: '2026-05-16' });
    expect(entries[0]!.lines).toEqual([
      { account: '530', accountLabel: 'Caisse', debit: 18, credit: 0 },
      { account: '707', accountLabel: 'Ventes de marchandises', debit: 0, credit: 3 },
      { account: '7541', accountLabel: 'Dons manuels', debit: 0, credit: 5 },
      { account: '7780', accountLabel: 'Manifestations diverses', debit: 0, credit: 10 },
    ]);
    expect(entries[1]!.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['5115', 4.5, 0],
      ['707', 0, 4.5],
    ]);
    // Give the duplicates time to arrive: still two entries.
    await eventually(
      async () =>
        Number(
          (await sys.db('inbox').where({ consumer: 'accounting-sale-completed' }).count<{ count: number }[]>('* as count'))[0]!.count,
        ) >= 3,
    );
    expect((await journal(2026)).entries).toHaveLength(2);
  });

  it('writes a held sale once it is settled, with the account the treasurer chose for its category', async () => {
    const map = (await (await sys.request('/api/admin/accountancy/account-map')).json()) as {
      accountMap: { payments: object; kinds: object; categories: Record<string, string> };
    };
    // A payment mode the map does not have is named and refused, not dropped without a word.
    const unknown = await json('PUT', '/api/admin/accountancy/account-map', {
      ...map.accountMap,
      payments: { ...map.accountMap.payments, VIR: '512' },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'VALIDATION', error: "Le champ « payments.VIR » n'est pas autorisé." });
    const put = await json('PUT', '/api/admin/accountancy/account-map', { ...map.accountMap, categories: { Animations: '706' } });
    expect(put.status).toBe(200);
    await sys.publish(
      'sale.completed',
      buildSale(3, [['product', 'Animations', 200]], { paymentMode: 99, paymentStatus: 2, payments: [] }),
    );
    await eventually(async () => (await sys.db('sales').where({ sale_id: 3 }).first()) !== undefined);
    expect((await journal(2026)).entries).toHaveLength(2);
    await sys.publish('sale.settled', {
      saleId: 3,
      reference: 'V-000003',
      eventId: 1,
      totalCents: 200,
      payments: [{ method: 'CHQ', amountCents: 200, reference: '1234567' }],
      settledAt: '2026-05-17T09:00:00.000Z',
    });
    const { entries } = await eventually(async () => {
      const j = await journal(2026);
      return j.entries.length === 3 ? j : null;
    });
    expect(entries[2]).toMatchObject({ number: 3, pieceRef: 'V-000003', date: '2026-05-17' });
    expect(entries[2]!.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['5112', 2, 0],
      ['706', 0, 2],
    ]);
  });

  it("generates the year's trial balance from the journal, so the Bilan and Disponibilités need no import", async () => {
    const res = await sys.request('/api/admin/accountancy/financial-years/2026/trial-balance', { method: 'POST' });
    expect(res.status).toBe(201);
    const { trialBalance, created } = (await res.json()) as { trialBalance: { origin: string; financial_year: number }; created: number };
    expect(trialBalance).toMatchObject({ origin: 'journal', financial_year: 2026 });
    expect(created).toBe(7);
    const dispo = await (await sys.request('/api/admin/accountancy/bilan-disponibilite/2026')).json();
    expect(dispo).toEqual([
      { accountCode: '5112', accountLabel: 'Chèques à encaisser', balance: 2 },
      { accountCode: '5115', accountLabel: 'Cartes à encaisser', balance: 4.5 },
      { accountCode: '530', accountLabel: 'Caisse', balance: 18 },
    ]);
    const bilan = (await (await sys.request('/api/admin/accountancy/bilan-des-comptes/2026')).json()) as Array<{
      recette_label: string;
      recettes: number;
    }>;
    expect(bilan.map((r) => [r.recette_label, r.recettes])).toEqual([
      ['Ventes de marchandises', 7.5],
      ['Dons manuels', 5],
      ['Manifestations diverses', 10],
      ['Prestations de services', 2],
    ]);
  });

  it("shows the fair's result with a purchase, and exports the FEC with continuous numbers", async () => {
    const purchase = await json('POST', '/api/admin/accountancy/events/1/purchases', {
      label: 'Crêpes et boissons',
      amount: '12,30',
      date: '2026-05-10',
    });
    expect(purchase.status).toBe(201);
    expect((await json('POST', '/api/admin/accountancy/events/1/purchases', { label: 'Lots', amount: 'douze' })).status).toBe(400);
    // One cent past an integer of cents: refused in French, nothing recorded (the result below shows one purchase).
    const tooMuch = await json('POST', '/api/admin/accountancy/events/1/purchases', { label: 'Lots', amount: 21474836.48 });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({
      error: 'Le champ « amount » ne peut dépasser 1\u202f000\u202f000,00\u00a0€.',
      code: 'VALIDATION',
    });
    const result = (await (await sys.request('/api/admin/accountancy/events/1/result')).json()) as Record<string, unknown>;
    expect(result).toMatchObject({
      event: { id: 1, name: 'Kermesse de printemps' },
      sales: 3,
      revenue: { total: 24.5 },
      costs: { total: 12.3 },
      result: 12.2,
    });
    expect((result.revenue as { byPaymentMode: unknown[] }).byPaymentMode).toEqual([
      { method: 'CB', label: 'CB', amount: 4.5 },
      { method: 'CHQ', label: 'Chèque', amount: 2 },
      { method: 'ESP', label: 'Espèces', amount: 18 },
    ]);
    const fec = await sys.request('/api/admin/accountancy/fec/2026');
    expect(fec.headers.get('content-disposition')).toContain('FEC20261231.txt');
    const lines = (await fec.text())
      .replace(/\r\n$/, '')
      .split('\r\n')
      .map((l) => l.split('\t'));
    expect(lines.every((l) => l.length === 18)).toBe(true);
    expect([...new Set(lines.slice(1).map((l) => l[2]))]).toEqual(['1', '2', '3', '4']);
    expect(lines[1]!.slice(0, 6)).toEqual(['VE', 'Ventes', '1', '20260516', '530', 'Caisse']);
    expect(lines.at(-1)!.slice(0, 5)).toEqual(['AC', 'Achats', '4', '20260510', '512']);
    expect(await (await sys.request('/api/admin/accountancy/journal-verification')).json()).toEqual({
      ok: true,
      entries: 4,
      brokenAt: null,
    });
  });

  it('shows a changed entry: the chain no longer verifies', async () => {
    const tampered = await sys.db('journal_lines').where({ account: '7541' }).first('id');
    // The service's own role may not change the journal at all: only the database's owner can.
    await expect(sys.db('journal_lines').where({ id: tampered.id }).update({ credit_cents: 400 })).rejects.toThrow(/permission denied/);
    const owner = createDb(sys.databaseUrl, { schema: 'accounting', role: 'owner' });
    try {
      await owner('journal_lines').where({ id: tampered.id }).update({ credit_cents: 400 });
      expect(await (await sys.request('/api/admin/accountancy/journal-verification')).json()).toEqual({
        ok: false,
        entries: 0,
        brokenAt: { year: 2026, number: 1 },
      });
      await owner('journal_lines').where({ id: tampered.id }).update({ credit_cents: 500 });
    } finally {
      await owner.destroy();
    }
  });

  it('closes a year: every write is refused with a French 409 and later sales wait aside', async () => {
    const lock = await sys.request('/api/admin/accountancy/financial-years/2026/lock', { method: 'POST' });
    expect(lock.status).toBe(200);
    expect(
      ((await lock.json()) as { financialYears: Array<{ year: number; locked: boolean }> }).financialYears.find((y) => y.year === 2026),
    ).toMatchObject({ locked: true });
    const again = await sys.request('/api/admin/accountancy/financial-years/2026/lock', { method: 'POST' });
    expect(again.status).toBe(409);
    const generate = await sys.request('/api/admin/accountancy/financial-years/2026/trial-balance', { method: 'POST' });
    expect(generate.status).toBe(409);
    expect(((await generate.json()) as { error: string }).error).toBe(
      "L'exercice 2026 est clôturé : aucune écriture ne peut plus y être ajoutée ni modifiée.",
    );
    expect((await json('POST', '/api/admin/accountancy/trial-balance', { financial_year: 2026, data_csv_raw: SPREADSHEET })).status).toBe(
      409,
    );
    expect(
      (await json('POST', '/api/admin/accountancy/events/1/purchases', { label: 'Gobelets', amount: 5, date: '2026-06-01' })).status,
    ).toBe(409);
    const list = (await (await sys.request('/api/admin/accountancy/trial-balance')).json()) as {
      trialBalances: Array<{ id: number; financial_year: number; locked: boolean }>;
    };
    const generated = list.trialBalances.find((t) => t.financial_year === 2026)!;
    expect(generated.locked).toBe(true);
    expect((await importCsv(generated.id)).status).toBe(409);
    await sys.publish('sale.completed', buildSale(4, [['product', 'Boissons', 150]], { completedAt: '2026-06-20T10:00:00.000Z' }));
    await eventually(async () => (await sys.db('unposted').where({ source: 'sale:4' }).first()) !== undefined);
    expect((await journal(2026)).entries).toHaveLength(4);
    const years = (await (await sys.request('/api/admin/accountancy/financial-years')).json()) as {
      financialYears: Array<{ year: number; unposted: number }>;
    };
    expect(years.financialYears.find((y) => y.year === 2026)).toMatchObject({ locked: true, entries: 4, unposted: 1 });
  });
  it('catches up on a burst of sales in batches: one entry each, numbered without gaps, the chain intact', async () => {
    const burst = Array.from({ length: 300 }, (_, n) =>
      buildSale(
        1000 + n,
        [
          ['product', 'Boissons', 150 + n],
          ['donation', 'Donations', 100],
        ],
        {
          method: (['ESP', 'CHQ', 'CB'] as const)[n % 3],
          completedAt: new Date(Date.UTC(2025, 5, 14, 8) + n * 60_000).toISOString(),
        },
      ),
    );
    await Promise.all(burst.map((sale) => sys.publish('sale.completed', sale)));
    await sys.publish('sale.completed', burst[7]!); // the same sale again, under a new event id
    const { entries } = await eventually(async () => {
      const j = await journal(2025);
      return j.entries.length === 300 ? j : null;
    }, 30_000);
    expect(entries.map((e) => e.number)).toEqual(Array.from({ length: 300 }, (_, n) => n + 1));
    expect(new Set(entries.map((e) => e.pieceRef)).size).toBe(300);
    expect(await (await sys.request('/api/admin/accountancy/journal-verification')).json()).toEqual({
      ok: true,
      entries: 304,
      brokenAt: null,
    });
    await eventually(
      async () =>
        Number(
          (await sys.db('inbox').where({ consumer: 'accounting-sale-completed' }).count<{ count: number }[]>('* as count'))[0]!.count,
        ) >= 306,
    );
    expect((await journal(2025)).entries).toHaveLength(300);
  });
});

describe('a fair the accounting has not heard of yet', () => {
  it('refuses an event neither the accounting nor the register knows, in French, recording nothing', async () => {
    const result = await sys.request('/api/admin/accountancy/events/9999/result');
    expect(result.status).toBe(404);
    expect(await result.json()).toEqual({ error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' });
    const purchase = await json('POST', '/api/admin/accountancy/events/9999/purchases', { label: 'Gobelets', amount: '8,00' });
    expect(purchase.status).toBe(404);
    expect(await sys.db('purchases').where({ event_id: 9999 }).first()).toBeUndefined();
  });

  it('takes the purchases of a fair the register created a moment ago, before its announcement arrives', async () => {
    // The treasurer enters the first purchases as soon as the fair is created; NATS has not delivered it yet.
    sys.register.knows({ id: 7001, name: 'Fête d’automne', startsOn: '2027-10-10' });
    const purchase = await json('POST', '/api/admin/accountancy/events/7001/purchases', {
      label: 'Farine et œufs',
      amount: '23,40',
      date: '2027-10-01',
    });
    expect(purchase.status).toBe(201);
    const result = (await (await sys.request('/api/admin/accountancy/events/7001/result')).json()) as Record<string, unknown>;
    expect(result).toMatchObject({ event: { id: 7001, name: 'Fête d’automne' }, sales: 0, costs: { total: 23.4 }, result: -23.4 });
    const events = (await (await sys.request('/api/admin/accountancy/events')).json()) as { events: Array<{ id: number; name: string }> };
    expect(events.events).toContainEqual(expect.objectContaining({ id: 7001, name: 'Fête d’automne' }));
  });
});
