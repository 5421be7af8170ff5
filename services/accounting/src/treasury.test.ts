/**
 * HelloAsso and the bank on real Postgres, against a local fake HelloAsso (docs/helloasso.md,
 * docs/bank.md): the account's secret sealed and never sent back; a form's orders imported once —
 * a gift with its donor, a membership with its member, a pre-sale, the payers' contribution to
 * HelloAsso left out — and its payout clearing 467 into the bank; HelloAsso's refusals named in
 * French; then a statement imported once (ISO 8859-1, debit and credit columns), a bad one refused
 * whole, its lines matched to the books and a closed year keeping its matches.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from '@kermesse/kit/secrets';
import {
  checkFec,
  type BankDepositAnswer,
  type BankImportAnswer,
  type BankLineAnswer,
  type DonationList,
  type HelloAssoImportAnswer,
  type HelloAssoOverview,
  type JournalAnswer,
  type MemberList,
  type Reconciliation,
} from '@kermesse/contracts-accounting';
import { formatEuros } from '@kermesse/contracts-common';
import { createHelloAssoTokenCache } from './helloasso/client.ts';
import { startFakeHelloAsso, type FakeHelloAsso } from './helloasso/fakeHelloAsso.ts';
import { pullHelloAssoForms } from './helloasso/pull.ts';
import { startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
let helloAsso: FakeHelloAsso;
const box = createSecretBox(randomBytes(32));
const A = '/api/admin/accountancy';
const FORM = { formType: 'Event', formSlug: 'kermesse-2026' };

beforeAll(async () => {
  helloAsso = await startFakeHelloAsso();
  sys = await startAccountingTestSystem({
    app: true,
    consumers: false,
    helloAssoUrl: helloAsso.url,
    secrets: box,
  });
  helloAsso.forms.set('Event/kermesse-2026', {
    orders: [
      {
        id: 1001,
        date: '2026-05-02T10:00:00+02:00',
        formSlug: 'kermesse-2026',
        formType: 'Event',
        payer: {
          firstName: 'Camille',
          lastName: 'Martin',
          email: 'camille.martin@example.org',
          address: '4 rue des Lilas',
          zipCode: '69003',
          city: 'Lyon',
        },
        items: [
          { id: 5001, name: 'Repas adulte', amount: 1200, type: 'Registration', state: 'Processed' },
          { id: 5002, name: 'Don libre', amount: 2000, type: 'Donation', state: 'Processed' },
          { id: 5003, name: 'Contribution au fonctionnement de HelloAsso', amount: 150, type: 'Contribution', state: 'Processed' },
        ],
      },
      {
        id: 1002,
        date: '2026-05-03T18:30:00+02:00',
        payer: { firstName: 'Lucas', lastName: 'Bernard', email: 'lucas.bernard@example.org', zipCode: '69007', city: 'Lyon' },
        items: [{ id: 5004, name: 'Adhésion famille', amount: 1500, type: 'Membership', state: 'Processed' }],
      },
      {
        id: 1003,
        date: '2026-05-04T09:00:00+02:00',
        payer: { firstName: 'Inès', lastName: 'Petit' },
        items: [{ id: 5005, name: 'Repas enfant', amount: 800, type: 'Registration', state: 'Refused' }],
      },
    ],
    payments: [
      {
        id: 9001,
        amount: 3350,
        amountTip: 150,
        date: '2026-05-02T10:00:00+02:00',
        state: 'Authorized',
        cashOutState: 'CashedOut',
        idCashOut: 77,
        cashOutDate: '2026-05-10T09:00:00+02:00',
        items: [
          { id: 5001, shareAmount: 1200 },
          { id: 5002, shareAmount: 2000 },
        ],
      },
      {
        id: 9002,
        amount: 1500,
        date: '2026-05-03T18:30:00+02:00',
        state: 'Authorized',
        cashOutState: 'CashedOut',
        idCashOut: 77,
        cashOutDate: '2026-05-10T09:00:00+02:00',
        items: [{ id: 5004, shareAmount: 1500 }],
      },
      { id: 9003, amount: 800, date: '2026-05-04T09:00:00+02:00', state: 'Refused', cashOutState: 'MoneyIn' },
    ],
  });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
  await helloAsso?.close();
});

const send = (method: string, path: string, body?: unknown) =>
  sys.request(`${A}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const overview = async () => json<HelloAssoOverview>(await sys.request(`${A}/helloasso`));
const journal = async () => (await json<JournalAnswer>(await sys.request(`${A}/journal/2026`))).entries;
const reconciliation = async () => json<Reconciliation>(await sys.request(`${A}/bank/reconciliation?year=2026`));
const importStatement = (fileName: string, bytes: Buffer, dryRun = false) =>
  send('POST', '/bank/import', { fileName, content: bytes.toString('base64'), dryRun });

describe('HelloAsso', () => {
  it('asks for the account before importing', async () => {
    const res = await send('POST', '/helloasso/import', FORM);
    expect(res.status).toBe(409);
    expect(await json<{ code: string; error: string }>(res)).toMatchObject({
      code: 'HELLOASSO_NOT_CONFIGURED',
      error: expect.stringContaining('compte HelloAsso'),
    });
  });

  it('keeps the account with its secret sealed, never sent back', async () => {
    const bad = await send('PUT', '/helloasso/settings', { organizationSlug: 'APE École', clientId: 'x', clientSecret: 's' });
    expect(bad.status).toBe(400);
    const res = await send('PUT', '/helloasso/settings', {
      organizationSlug: helloAsso.organizationSlug,
      clientId: helloAsso.clientId,
      clientSecret: helloAsso.clientSecret,
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(helloAsso.clientSecret);
    expect(JSON.parse(text)).toMatchObject({
      settings: { organizationSlug: 'ape-ecole-jules-ferry', clientId: 'client-kermesse', hasSecret: true },
    });
    const stored = (await sys.db('helloasso_settings').first('client_secret')) as { client_secret: string };
    expect(isSealed(stored.client_secret)).toBe(true);
    expect(JSON.stringify(await overview())).not.toContain(helloAsso.clientSecret);
  });

  it('imports a form: a gift with its donor, a membership with its member, a pre-sale, each through 467', async () => {
    const res = await send('POST', '/helloasso/import', FORM);
    expect(res.status).toBe(200);
    expect(await json<HelloAssoImportAnswer>(res)).toEqual({
      orders: 3,
      donations: 1,
      memberships: 1,
      sales: 1,
      skipped: 2,
      alreadyImported: 0,
      payouts: 1,
      tickets: 0,
      refunds: 0,
    });
    // Three orders and three payments at two a page: every page was read, with one token.
    expect(helloAsso.tokensIssued).toBe(1);
    expect(helloAsso.calls.filter((c) => c.endsWith('/orders'))).toHaveLength(2);
    expect(helloAsso.unexpected).toEqual([]);

    const seen = await overview();
    expect(seen.items.map((i) => [i.itemId, i.kind, i.amount, i.pieceRef]).sort()).toEqual([
      [5001, 'sale', 12, 'HA-5001'],
      [5002, 'donation', 20, 'HA-5002'],
      [5003, 'skipped', 1.5, null],
      [5004, 'membership', 15, 'HA-5004'],
      [5005, 'skipped', 8, null],
    ]);
    expect(seen.items.find((i) => i.itemId === 5003)?.note).toBe('Contribution volontaire versée à HelloAsso');
    expect(seen.payouts).toEqual([
      expect.objectContaining({ cashOutId: 77, paidOn: '2026-05-10', gross: 47, net: 47, fees: 0, payments: 2, pieceRef: 'HAV-77' }),
    ]);
    // Everything HelloAsso collected has reached the bank: 467 is clear.
    expect(seen.pending).toBe(0);

    const donations = await json<DonationList>(await sys.request(`${A}/donations?year=2026`));
    expect(donations.donations).toEqual([expect.objectContaining({ origin: 'helloasso', amount: 20, date: '2026-05-02', method: 'CB' })]);
    const donor = donations.donations[0]!.donor;
    expect(donor).toMatchObject({ name: 'Martin', firstName: 'Camille', address: '4 rue des Lilas', postalCode: '69003', city: 'Lyon' });

    const members = await json<MemberList>(await sys.request(`${A}/members?year=2026`));
    expect(members.members.map((m) => [m.lastName, m.firstName, m.typeName, m.amount])).toEqual([
      ['Bernard', 'Lucas', 'Adhésion famille', 15],
    ]);

    const entries = await journal();
    const lines = entries.flatMap((e) => e.lines.map((l) => [e.pieceRef, l.account, l.debit, l.credit]));
    expect(lines).toEqual([
      ['HA-5001', '467', 12, 0],
      ['HA-5001', '706', 0, 12],
      ['HA-5002', '467', 20, 0],
      ['HA-5002', '7541', 0, 20],
      ['HA-5004', '467', 15, 0],
      ['HA-5004', '756', 0, 15],
      ['HAV-77', '512', 47, 0],
      ['HAV-77', '467', 0, 47],
    ]);
    // No entry names the payer.
    expect(JSON.stringify(entries)).not.toMatch(/Martin|Bernard/);
    const fec = await sys.request(`${A}/fec/2026`);
    const fileName = /filename="([^"]+)"/.exec(fec.headers.get('content-disposition') ?? '')?.[1] ?? '';
    expect(checkFec(new Uint8Array(await fec.arrayBuffer()), { fileName, year: 2026, siren: null }).problems).toEqual([]);
  });

  it('changes nothing when imported again, and asks a new token only when HelloAsso revoked it', async () => {
    const before = await journal();
    const again = await json<HelloAssoImportAnswer>(await send('POST', '/helloasso/import', FORM));
    expect(again).toMatchObject({ donations: 0, memberships: 0, sales: 0, skipped: 0, alreadyImported: 5, payouts: 0 });
    expect(helloAsso.tokensIssued).toBe(1);
    helloAsso.revokeTokens();
    expect((await send('POST', '/helloasso/import', FORM)).status).toBe(200);
    expect(helloAsso.tokensIssued).toBe(2);
    expect(await journal()).toEqual(before);
    expect((await json<DonationList>(await sys.request(`${A}/donations?year=2026`))).donations).toHaveLength(1);
  });

  it('books a later payout alone, once', async () => {
    const form = helloAsso.forms.get('Event/kermesse-2026')!;
    form.orders.push({
      id: 1004,
      date: '2026-06-01T12:00:00+02:00',
      payer: { firstName: 'Nina', lastName: 'Roux' },
      items: [{ id: 5006, name: 'Repas adulte', amount: 1200, type: 'Registration', state: 'Processed' }],
    });
    form.payments.push({
      id: 9004,
      amount: 1200,
      date: '2026-06-01T12:00:00+02:00',
      state: 'Authorized',
      cashOutState: 'CashedOut',
      idCashOut: 78,
      cashOutDate: '2026-06-08T09:00:00+02:00',
      items: [{ id: 5006, shareAmount: 1200 }],
    });
    expect(await json<HelloAssoImportAnswer>(await send('POST', '/helloasso/import', FORM))).toMatchObject({
      sales: 1,
      alreadyImported: 5,
      payouts: 1,
    });
    expect((await overview()).payouts.map((p) => [p.cashOutId, p.net])).toEqual([
      [78, 12],
      [77, 47],
    ]);
  });

  it('names in French what HelloAsso refuses, and writes nothing', async () => {
    const before = (await journal()).length;
    const unknown = await send('POST', '/helloasso/import', { formType: 'Event', formSlug: 'kermesse-2030' });
    expect(unknown.status).toBe(404);
    expect(await json<{ code: string; error: string }>(unknown)).toMatchObject({
      code: 'HELLOASSO_FORM_NOT_FOUND',
      error: expect.stringContaining('« kermesse-2030 »'),
    });

    helloAsso.failNext(100);
    const down = await send('POST', '/helloasso/import', FORM);
    expect(down.status).toBe(503);
    expect((await json<{ code: string }>(down)).code).toBe('HELLOASSO_UNAVAILABLE');
    helloAsso.failNext(0);

    await send('PUT', '/helloasso/settings', {
      organizationSlug: helloAsso.organizationSlug,
      clientId: helloAsso.clientId,
      clientSecret: 'un-autre-secret',
    });
    const refused = await send('POST', '/helloasso/import', FORM);
    expect(refused.status).toBe(409);
    expect(await json<{ code: string; error: string }>(refused)).toMatchObject({
      code: 'HELLOASSO_REFUSED',
      error: expect.stringContaining('vérifiez le client id et le secret'),
    });
    // The right secret again; the id and slug kept when the secret is left out.
    await send('PUT', '/helloasso/settings', {
      organizationSlug: helloAsso.organizationSlug,
      clientId: helloAsso.clientId,
      clientSecret: helloAsso.clientSecret,
    });
    expect(
      (await send('PUT', '/helloasso/settings', { organizationSlug: helloAsso.organizationSlug, clientId: helloAsso.clientId })).status,
    ).toBe(200);
    expect((await send('POST', '/helloasso/import', FORM)).status).toBe(200);
    expect((await journal()).length).toBe(before);
  });
});

describe('the nightly pull', () => {
  it('reads again, at night, each form imported before; a form HelloAsso no longer knows keeps the reason', async () => {
    helloAsso.forms.set('Donation/dons-2026', { orders: [], payments: [] });
    expect((await send('POST', '/helloasso/import', { formType: 'Donation', formSlug: 'dons-2026' })).status).toBe(200);
    helloAsso.forms.delete('Donation/dons-2026');
    helloAsso.forms.get('Event/kermesse-2026')!.orders.push({
      id: 1005,
      date: '2026-06-20T12:00:00+02:00',
      payer: { firstName: 'Jade', lastName: 'Moreau' },
      items: [{ id: 5007, name: 'Repas enfant', amount: 800, type: 'Registration', state: 'Processed' }],
    });
    const access = { baseUrl: helloAsso.url, secrets: box, cache: createHelloAssoTokenCache() };
    // Two days on: the forms were read (by hand, above) more than twelve hours before.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const at = (hourUtc: number) => new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate(), hourUtc));
    // 12:00 UTC is the afternoon in France: nothing is read.
    expect(await pullHelloAssoForms(sys.db, access, at(12))).toBe(0);
    // 02:00 UTC is 3 or 4 in the morning in France.
    expect(await pullHelloAssoForms(sys.db, access, at(2))).toBe(1);
    const seen = await overview();
    expect(seen.items.find((i) => i.itemId === 5007)).toMatchObject({ kind: 'sale', pieceRef: 'HA-5007' });
    expect(seen.forms.map((f) => [f.formType, f.formSlug, f.lastError])).toEqual([
      ['Donation', 'dons-2026', 'not_found'],
      ['Event', 'kermesse-2026', null],
    ]);
  });
});

const STATEMENT = [
  'Compte courant n° 00012345678;;;',
  'Date;Libellé;Débit;Crédit',
  '10/05/2026;VIR HELLOASSO VERSEMENT 77;;47,00',
  '12/05/2026;REMISE CHÈQUES 0012;;130,00',
  '15/05/2026;FRAIS TENUE DE COMPTE;2,50;',
  '15/05/2026;FRAIS TENUE DE COMPTE;2,50;',
  '08/06/2026;VIR HELLOASSO VERSEMENT 78;;12,00',
  'Solde au 30/06/2026;;;184,00',
].join('\r\n');

describe('the bank', () => {
  it('imports a statement in ISO 8859-1 once, after a test run that writes nothing', async () => {
    const bytes = Buffer.from(STATEMENT, 'latin1');
    const dry = await importStatement('releve-2026-05.csv', bytes, true);
    expect(dry.status).toBe(200);
    expect(await json<BankImportAnswer>(dry)).toEqual({
      dryRun: true,
      account: '512',
      format: 'csv',
      lines: 5,
      alreadyImported: 0,
      from: '2026-05-10',
      to: '2026-06-08',
    });
    expect((await reconciliation()).lines).toEqual([]);

    expect(await json<BankImportAnswer>(await importStatement('releve-2026-05.csv', bytes))).toMatchObject({
      lines: 5,
      alreadyImported: 0,
    });
    // The same statement again, saved in UTF-8 this time: the same five movements, kept once.
    expect(await json<BankImportAnswer>(await importStatement('releve-2026-05-utf8.csv', Buffer.from(STATEMENT, 'utf8')))).toMatchObject({
      lines: 0,
      alreadyImported: 5,
    });
    const rec = await reconciliation();
    expect(rec.lines.map((l) => [l.date, l.label, l.amount])).toEqual([
      ['2026-05-10', 'VIR HELLOASSO VERSEMENT 77', 47],
      ['2026-05-12', 'REMISE CHÈQUES 0012', 130],
      ['2026-05-15', 'FRAIS TENUE DE COMPTE', -2.5],
      ['2026-05-15', 'FRAIS TENUE DE COMPTE', -2.5],
      ['2026-06-08', 'VIR HELLOASSO VERSEMENT 78', 12],
    ]);
    expect(rec.bankBalance).toBe(184);
  });

  it('refuses a file with a bad line whole, each problem naming its line', async () => {
    const bad = [
      'Date;Libellé;Montant',
      '01/07/2026;CARTE BOULANGERIE;-12,40',
      '32/07/2026;PRLV ASSURANCE;-80,00',
      '03/07/2026;VIR MAIRIE;trois cents',
    ].join('\n');
    const res = await importStatement('releve-juillet.csv', Buffer.from(bad, 'utf8'));
    expect(res.status).toBe(400);
    const body = await json<{ code: string; error: string; details: { errors: string[] } }>(res);
    expect(body.code).toBe('BANK_FILE_INVALID');
    expect(body.details.errors).toEqual([
      "Ligne 3 : la date « 32/07/2026 » n'est pas une date (14/03/2026).",
      "Ligne 4 : le montant « trois cents » n'est pas un montant en euros (-30,50 ou 30,50).",
    ]);
    expect((await reconciliation()).lines).toHaveLength(5);

    const spreadsheet = await importStatement('releve.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]));
    expect(spreadsheet.status).toBe(400);
    expect((await json<{ details: { errors: string[] } }>(spreadsheet)).details.errors[0]).toContain('exportez-le en CSV ou en OFX');
  });

  it('imports OFX, keyed by the bank’s own ids', async () => {
    const ofx = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'CHARSET:1252',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260702<TRNAMT>-35.20<FITID>A1<NAME>CB PAPETERIE',
      '</STMTTRN>',
      '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260703120000<TRNAMT>250,00<FITID>A2<NAME>VIR MAIRIE<MEMO>SUBVENTION',
      '</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\r\n');
    const first = await json<BankImportAnswer>(await importStatement('releve.ofx', Buffer.from(ofx, 'latin1')));
    expect(first).toMatchObject({ format: 'ofx', lines: 2, from: '2026-07-02', to: '2026-07-03' });
    expect(await json<BankImportAnswer>(await importStatement('releve.ofx', Buffer.from(ofx, 'latin1')))).toMatchObject({
      lines: 0,
      alreadyImported: 2,
    });
    const labels = (await reconciliation()).lines.map((l) => [l.label, l.amount]);
    expect(labels).toContainEqual(['VIR MAIRIE SUBVENTION', 250]);
    expect(labels).toContainEqual(['CB PAPETERIE', -35.2]);
  });

  it('proposes the entry of 512 with the same amount within five days, and matches it on confirmation', async () => {
    const rec = await reconciliation();
    expect(rec.booksBalance).toBe(59);
    const payout = rec.lines.find((l) => l.label === 'VIR HELLOASSO VERSEMENT 77')!;
    expect(payout.proposals.map((p) => [p.pieceRef, p.amount, p.date])).toEqual([['HAV-77', 47, '2026-05-10']]);
    // The cheques and the fees have nothing in the books yet.
    expect(rec.lines.find((l) => l.label.startsWith('REMISE'))!.proposals).toEqual([]);
    expect(rec.unmatchedEntries.map((e) => e.pieceRef)).toEqual(['HAV-77', 'HAV-78']);

    const wrong = await send('POST', `/bank/lines/${rec.lines.find((l) => l.label.startsWith('REMISE'))!.id}/match`, {
      entryId: payout.proposals[0]!.entryId,
    });
    expect(wrong.status).toBe(400);
    expect(await json<{ code: string; error: string }>(wrong)).toMatchObject({
      code: 'BANK_AMOUNT_MISMATCH',
      error: `L'écriture (${formatEuros(4700)}) n'a pas le montant de la ligne du relevé (${formatEuros(13000)}) : elles ne peuvent pas être rapprochées.`,
    });

    const matched = await send('POST', `/bank/lines/${payout.id}/match`, { entryId: payout.proposals[0]!.entryId });
    expect(matched.status).toBe(200);
    expect((await json<BankLineAnswer>(matched)).line).toMatchObject({ matched: { pieceRef: 'HAV-77', amount: 47 }, proposals: [] });
    const twice = await send('POST', `/bank/lines/${payout.id}/match`, { entryId: payout.proposals[0]!.entryId });
    expect(twice.status).toBe(409);
    expect((await json<{ code: string }>(twice)).code).toBe('BANK_LINE_ALREADY_MATCHED');
    expect((await reconciliation()).unmatchedEntries.map((e) => e.pieceRef)).toEqual(['HAV-78']);

    const undone = await send('DELETE', `/bank/lines/${payout.id}/match`);
    expect((await json<BankLineAnswer>(undone)).line).toMatchObject({ matched: null, proposals: [{ pieceRef: 'HAV-77' }] });
    expect((await reconciliation()).unmatchedEntries.map((e) => e.pieceRef)).toEqual(['HAV-77', 'HAV-78']);
    expect((await send('POST', `/bank/lines/999999/match`, { entryId: 1 })).status).toBe(404);
  });

  it('writes a deposit from its statement line and matches them at once; a card payout with its fees', async () => {
    const rec = await reconciliation();
    const cheques = rec.lines.find((l) => l.label.startsWith('REMISE'))!;
    const fees = rec.lines.find((l) => l.label.startsWith('FRAIS'))!;
    const debit = await send('POST', '/bank/deposits', { date: '2026-05-15', source: 'ESP', amount: '2,50', lineId: fees.id });
    expect((await json<{ code: string }>(debit)).code).toBe('BANK_DEPOSIT_NOT_CREDIT');
    const negative = await send('POST', '/bank/deposits', { date: '2026-05-12', source: 'CHQ', amount: '-130' });
    expect([negative.status, (await json<{ code: string }>(negative)).code]).toEqual([400, 'AMOUNT_INVALID']);

    const res = await send('POST', '/bank/deposits', { date: '2026-05-12', source: 'CHQ', amount: '130,00', lineId: cheques.id });
    expect(res.status).toBe(201);
    const answer = await json<BankDepositAnswer>(res);
    expect(answer.entry).toMatchObject({ pieceRef: 'R-000001', amount: 130, label: 'Remise de chèques R-000001' });
    expect(answer.line).toMatchObject({ id: cheques.id, matched: { pieceRef: 'R-000001' } });

    const card = await send('POST', '/bank/deposits', { date: '2026-05-20', source: 'CB', amount: '96,50', fees: '3,50' });
    expect((await json<BankDepositAnswer>(card)).line).toBeNull();
    const entries = (await journal()).filter((e) => e.pieceRef.startsWith('R-'));
    expect(entries.map((e) => [e.pieceRef, e.lines.map((l) => [l.account, l.debit, l.credit])])).toEqual([
      [
        'R-000001',
        [
          ['512', 130, 0],
          ['5112', 0, 130],
        ],
      ],
      [
        'R-000002',
        [
          ['512', 96.5, 0],
          ['627', 3.5, 0],
          ['5115', 0, 100],
        ],
      ],
    ]);
    const after = await reconciliation();
    expect(after.booksBalance).toBe(59 + 130 + 96.5);
    expect(after.unmatchedEntries.map((e) => e.pieceRef)).toEqual(['HAV-77', 'R-000002', 'HAV-78']);
    // Month by month: May's cheques are matched; its payout, its fees and the card payout are not yet.
    expect(after.months).toEqual([
      { month: '2026-05', bank: 172, books: 273.5, unmatchedLines: 3, unmatchedEntries: 2 },
      { month: '2026-06', bank: 12, books: 12, unmatchedLines: 1, unmatchedEntries: 1 },
      { month: '2026-07', bank: 214.8, books: 0, unmatchedLines: 2, unmatchedEntries: 0 },
    ]);
  });

  it('keeps its matches once the year is closed', async () => {
    const rec = await reconciliation();
    const june = rec.lines.find((l) => l.label === 'VIR HELLOASSO VERSEMENT 78')!;
    expect((await send('POST', `/bank/lines/${june.id}/match`, { entryId: june.proposals[0]!.entryId })).status).toBe(200);
    expect((await send('POST', '/financial-years/2026/lock')).status).toBe(200);
    const undo = await send('DELETE', `/bank/lines/${june.id}/match`);
    expect(undo.status).toBe(409);
    expect((await json<{ code: string }>(undo)).code).toBe('YEAR_LOCKED');
    const may = rec.lines.find((l) => l.label === 'VIR HELLOASSO VERSEMENT 77')!;
    expect((await send('POST', `/bank/lines/${may.id}/match`, { entryId: may.proposals[0]!.entryId })).status).toBe(409);
    expect((await reconciliation()).yearLocked).toBe(true);
  });
});
