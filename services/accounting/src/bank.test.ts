/**
 * The bank on real Postgres and NATS (docs/bank.md): a CAMT.053 statement imported once whatever
 * statement brings its entries again, a bad one refused whole with each entry named; a savings
 * account beside 512 with its CSV columns chosen once; the cheque deposit slip built from the sales
 * paid by cheque, each cheque on one slip, its deposit proposed for the bank's line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  type BankAccountList,
  type BankImportAnswer,
  type ChequeList,
  type ChequeSlipAnswer,
  type ChequeSlipList,
  type CsvLayoutChoices,
  type JournalAnswer,
  type Reconciliation,
} from '@kermesse/contracts-accounting';
import { eventually } from '@kermesse/kit/testing';
import { buildSale, startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
const A = '/api/admin/accountancy';

beforeAll(async () => {
  sys = await startAccountingTestSystem({ app: true });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

const send = (method: string, path: string, body?: unknown) =>
  sys.request(`${A}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const reconciliation = async (query = '') => json<Reconciliation>(await sys.request(`${A}/bank/reconciliation?year=2026${query}`));
const importStatement = (fileName: string, text: string, dryRun = false, extra: Record<string, unknown> = {}) =>
  send('POST', '/bank/import', { fileName, content: Buffer.from(text, 'utf8').toString('base64'), dryRun, ...extra });

const camt = (id: string, entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-07-01T06:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt><Id>${id}</Id><Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>${entries}</Stmt>
  </BkToCstmrStmt>
</Document>`;
const ntry = (ref: string, amount: string, direction: 'CRDT' | 'DBIT', day: string, text: string) =>
  `<Ntry><NtryRef>${ref}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd>
   <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>${ref}</AcctSvcrRef>
   <NtryDtls><TxDtls><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

describe('a CAMT.053 statement', () => {
  const june = camt(
    'STMT-2026-06',
    ntry('BQ-0601', '250.00', 'CRDT', '2026-06-03', 'VIR MAIRIE SUBVENTION') +
      ntry('BQ-0602', '35.20', 'DBIT', '2026-06-10', 'CB PAPETERIE'),
  );

  it('is imported once, after a test run that writes nothing; an overlapping statement adds only what is new', async () => {
    const dry = await importStatement('releve-juin.xml', june, true);
    expect(dry.status).toBe(200);
    expect(await json<BankImportAnswer>(dry)).toEqual({
      dryRun: true,
      account: '512',
      format: 'camt053',
      lines: 2,
      alreadyImported: 0,
      from: '2026-06-03',
      to: '2026-06-10',
    });
    expect((await reconciliation()).lines).toEqual([]);

    expect(await json<BankImportAnswer>(await importStatement('releve-juin.xml', june))).toMatchObject({ lines: 2, alreadyImported: 0 });
    expect(await json<BankImportAnswer>(await importStatement('releve-juin.xml', june))).toMatchObject({ lines: 0, alreadyImported: 2 });
    // The bank's next statement repeats the 10 June entry (its label shortened): its reference keeps it once.
    const july = camt(
      'STMT-2026-07',
      ntry('BQ-0602', '35.20', 'DBIT', '2026-06-10', 'CB PAPET') + ntry('BQ-0701', '12.00', 'CRDT', '2026-07-02', 'VIR HELLOASSO'),
    );
    expect(await json<BankImportAnswer>(await importStatement('releve-juillet.xml', july))).toMatchObject({ lines: 1, alreadyImported: 1 });
    const rec = await reconciliation();
    expect(rec.lines.map((l) => [l.date, l.label, l.amount])).toEqual([
      ['2026-06-03', 'VIR MAIRIE SUBVENTION', 250],
      ['2026-06-10', 'CB PAPETERIE', -35.2],
      ['2026-07-02', 'VIR HELLOASSO', 12],
    ]);
    expect(rec.bankBalance).toBe(226.8);
  });

  it('refuses a statement with a wrong entry whole, naming the entry, and writes nothing', async () => {
    const bad = camt(
      'STMT-2026-08',
      ntry('BQ-0801', '80.00', 'DBIT', '2026-08-01', 'PRLV ASSURANCE') + ntry('BQ-0802', 'trois cents', 'CRDT', '2026-08-03', 'VIR MAIRIE'),
    );
    const res = await importStatement('releve-aout.xml', bad);
    expect(res.status).toBe(400);
    const body = await json<{ code: string; details: { errors: string[] } }>(res);
    expect(body.code).toBe('BANK_FILE_INVALID');
    expect(body.details.errors).toEqual(["Opération 2 (BQ-0802) : le montant « trois cents » n'est pas un montant."]);
    expect((await reconciliation()).lines).toHaveLength(3);
  });
});

describe('bank accounts and their CSV columns', () => {
  const AMBIGUOUS = [
    'Date opération;Date comptable;Libellé;Montant',
    '29/09/2026;01/10/2026;FRAIS TENUE DE COMPTE;-2,50',
    '30/09/2026;02/10/2026;VIR LIVRET;500,00',
  ].join('\n');

  it('adds the savings account beside 512, and refuses a statement for an account it does not know', async () => {
    const res = await send('POST', '/bank/accounts', { account: '5121', name: 'Livret A' });
    expect(res.status).toBe(200);
    expect((await json<BankAccountList>(res)).items.map((a) => [a.account, a.name])).toEqual([
      ['512', 'Banque'],
      ['5121', 'Livret A'],
    ]);
    expect((await send('POST', '/bank/accounts', { account: '601', name: 'Achats' })).status).toBe(400);
    const unknown = await importStatement('livret.csv', AMBIGUOUS, false, { account: '5129' });
    expect(unknown.status).toBe(400);
    expect(await json<{ code: string; error: string }>(unknown)).toMatchObject({
      code: 'BANK_ACCOUNT_UNKNOWN',
      error: "Le compte 5129 n'est pas un compte bancaire de l'association : ajoutez-le d'abord (« Comptes bancaires »).",
    });
  });

  it('asks once which columns to read when the titles allow two, keeps the choice for the account and reuses it', async () => {
    const asked = await importStatement('livret-09.csv', AMBIGUOUS, true, { account: '5121' });
    expect(asked.status).toBe(400);
    const body = await json<{ code: string; error: string; details: CsvLayoutChoices }>(asked);
    expect(body.code).toBe('BANK_LAYOUT_NEEDED');
    expect(body.error).toContain('elles seront gardées pour le compte 5121');
    expect(body.details.choices.date).toEqual(['Date opération', 'Date comptable']);
    expect(body.details.suggested).toEqual({ date: 'Date opération', label: 'Libellé', amount: 'Montant' });

    const layout = { date: 'Date comptable', label: 'Libellé', amount: 'Montant' };
    const first = await importStatement('livret-09.csv', AMBIGUOUS, false, { account: '5121', layout });
    expect(await json<BankImportAnswer>(first)).toMatchObject({ account: '5121', lines: 2, from: '2026-10-01', to: '2026-10-02' });
    const accounts = await json<BankAccountList>(await sys.request(`${A}/bank/accounts`));
    expect(accounts.items.find((a) => a.account === '5121')!.csvLayout).toEqual(layout);

    // The next statement of the same bank: no question, the kept columns are read.
    const october = AMBIGUOUS.replace('29/09/2026;01/10/2026;FRAIS TENUE DE COMPTE;-2,50', '30/10/2026;03/11/2026;INTERETS;4,10');
    const second = await importStatement('livret-10.csv', october, false, { account: '5121' });
    expect(await json<BankImportAnswer>(second)).toMatchObject({ lines: 1, alreadyImported: 1, from: '2026-10-02', to: '2026-11-03' });
    // The choice belongs to the savings account's bank: 512 still asks.
    expect((await importStatement('courant.csv', AMBIGUOUS, true)).status).toBe(400);
    // A layout naming a column the file lacks is refused, nothing read.
    const wrong = await importStatement('livret.csv', AMBIGUOUS, true, { account: '5121', layout: { ...layout, date: 'Date valeur' } });
    expect((await json<{ details: { errors: string[] } }>(wrong)).details.errors).toEqual([
      'Colonnes introuvables : aucune ligne de titres ne contient « Date valeur », « Libellé », « Montant ».',
    ]);
  });

  it('reconciles each account apart: its lines, its entries, its months, its CSV report', async () => {
    const savings = await reconciliation('&account=5121');
    expect(savings.account).toBe('5121');
    expect(savings.lines.map((l) => [l.date, l.label, l.amount])).toEqual([
      ['2026-10-01', 'FRAIS TENUE DE COMPTE', -2.5],
      ['2026-10-02', 'VIR LIVRET', 500],
      ['2026-11-03', 'INTERETS', 4.1],
    ]);
    expect((await reconciliation()).lines.map((l) => l.label)).not.toContain('VIR LIVRET');

    // Cash deposited on the savings account: its entry debits 5121 and is proposed to 5121's line only.
    const deposit = await send('POST', '/bank/deposits', { date: '2026-10-01', source: 'ESP', amount: '500,00', account: '5121' });
    expect(deposit.status).toBe(201);
    const after = await reconciliation('&account=5121');
    const line = after.lines.find((l) => l.label === 'VIR LIVRET')!;
    expect(line.proposals.map((p) => [p.date, p.amount])).toEqual([['2026-10-01', 500]]);
    expect((await reconciliation()).unmatchedEntries.map((e) => e.amount)).not.toContain(500);
    expect((await send('POST', `/bank/lines/${line.id}/match`, { entryId: line.proposals[0]!.entryId })).status).toBe(200);

    const months = (await reconciliation('&account=5121')).months;
    expect(months).toEqual([
      { month: '2026-10', bank: 497.5, books: 500, unmatchedLines: 1, unmatchedEntries: 0 },
      { month: '2026-11', bank: 4.1, books: 0, unmatchedLines: 1, unmatchedEntries: 0 },
    ]);
    const csv = await sys.request(`${A}/bank/reconciliation?year=2026&account=5121&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('rapprochement-5121-2026.csv');
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows).toEqual([
      'Rapprochement bancaire 2026 — 5121 Livret A',
      'Mois;Relevé (banque);Livres (5121);Écart;Lignes du relevé à rapprocher;Écritures à rapprocher',
      '2026-10;497,50;500,00;-2,50;1;0',
      '2026-11;4,10;0,00;4,10;1;0',
      'Total;501,60;500,00;1,60;2;0',
    ]);
  });
});

describe('the cheque deposit slip', () => {
  it('lists the cheques the tills took, puts them on one slip with their total, and books « Remise de chèques »', async () => {
    await sys.publish('catalog.event.created', { eventId: 1, name: 'Kermesse de printemps', startsOn: '2026-05-16' });
    await sys.publish('catalog.event.created', { eventId: 2, name: 'Fête des écoles', startsOn: '2026-06-20' });
    const cheque = (saleId: number, cents: number, number: string, eventId = 1) =>
      buildSale(saleId, [['product', 'Buvette', cents]], {
        method: 'CHQ',
        eventId,
        payments: [{ method: 'CHQ', amountCents: cents, reference: number }],
      });
    await sys.publish('sale.completed', cheque(101, 1200, '1234567'));
    // One sale paid with two cheques: two cheques on the slip.
    await sys.publish(
      'sale.completed',
      buildSale(102, [['product', 'Tombola', 3050]], {
        method: 'CHQ',
        payments: [
          { method: 'CHQ', amountCents: 2000, reference: '2000001' },
          { method: 'CHQ', amountCents: 1050, reference: '2000002' },
        ],
      }),
    );
    await sys.publish('sale.completed', buildSale(103, [['product', 'Buvette', 500]], { method: 'ESP' }));
    await sys.publish('sale.completed', cheque(104, 800, '9999999', 2));

    const waiting = await eventually(async () => {
      const list = await json<ChequeList>(await sys.request(`${A}/bank/cheques`));
      return list.count === 4 ? list : undefined;
    }, 30_000);
    expect(waiting.total).toBe(50.5);
    const fair = await json<ChequeList>(await sys.request(`${A}/bank/cheques?eventId=1`));
    expect(fair.cheques.map((c) => [c.saleReference, c.number, c.amount, c.eventName])).toEqual([
      ['V-000101', '1234567', 12, 'Kermesse de printemps'],
      ['V-000102', '2000001', 20, 'Kermesse de printemps'],
      ['V-000102', '2000002', 10.5, 'Kermesse de printemps'],
    ]);

    const res = await send('POST', '/bank/cheque-slips', { date: '2026-05-18', eventId: 1 });
    expect(res.status).toBe(201);
    const slip = await json<ChequeSlipAnswer>(res);
    expect(slip).toMatchObject({ date: '2026-05-18', account: '512', eventName: 'Kermesse de printemps', total: 42.5, count: 3 });
    expect(slip.cheques.map((c) => c.number)).toEqual(['1234567', '2000001', '2000002']);

    // Each cheque on one slip: the fair has nothing left to deposit, the other fair keeps its cheque.
    expect((await json<ChequeList>(await sys.request(`${A}/bank/cheques?eventId=1`))).count).toBe(0);
    expect((await json<ChequeList>(await sys.request(`${A}/bank/cheques`))).cheques.map((c) => c.number)).toEqual(['9999999']);
    const empty = await send('POST', '/bank/cheque-slips', { date: '2026-05-19', eventId: 1 });
    expect(empty.status).toBe(400);
    expect((await json<{ code: string }>(empty)).code).toBe('CHEQUE_SLIP_EMPTY');
    const again = await send('POST', '/bank/cheque-slips', { date: '2026-05-19', cheques: [{ saleId: 101, index: 0 }] });
    expect(again.status).toBe(409);
    expect((await json<{ code: string }>(again)).code).toBe('CHEQUE_NOT_AVAILABLE');

    const entries = (await json<JournalAnswer>(await sys.request(`${A}/journal/2026`))).entries;
    const deposit = entries.find((e) => e.pieceRef === slip.pieceRef)!;
    expect(deposit.label).toBe(`Remise de chèques ${slip.pieceRef}`);
    expect(deposit.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['512', 42.5, 0],
      ['5112', 0, 42.5],
    ]);
    expect((await json<ChequeSlipList>(await sys.request(`${A}/bank/cheque-slips`))).items).toHaveLength(1);
  });

  it('prints the slip as a PDF with each cheque, the count and the total', async () => {
    const [slip] = (await json<ChequeSlipList>(await sys.request(`${A}/bank/cheque-slips`))).items;
    const res = await sys.request(`${A}/bank/cheque-slips/${slip!.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`bordereau-cheques-${slip!.pieceRef}.pdf`);
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/[\u00A0\u202F]/g, ' ');
    for (const expected of [
      'Bordereau de remise de chèques',
      '1234567',
      '2000002',
      'V-000102',
      '10,50 €',
      '3 chèques',
      '42,50 €',
      'Kermesse de printemps',
    ])
      expect(text).toContain(expected);
    expect((await sys.request(`${A}/bank/cheque-slips/999999/pdf`)).status).toBe(404);
  });

  it('proposes the slip’s deposit for the bank’s credit of the same total', async () => {
    const statement = ['Date;Libellé;Montant', '20/05/2026;REMISE CHEQUES 42,50;42,50'].join('\n');
    expect((await importStatement('releve-mai.csv', statement)).status).toBe(200);
    const line = (await reconciliation()).lines.find((l) => l.label.startsWith('REMISE CHEQUES'))!;
    const { items: slips } = await json<ChequeSlipList>(await sys.request(`${A}/bank/cheque-slips`));
    expect(line.proposals.map((p) => [p.pieceRef, p.amount])).toEqual([[slips[0]!.pieceRef, 42.5]]);
  });
});
