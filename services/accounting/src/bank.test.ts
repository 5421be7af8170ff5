/**
 * The bank on real Postgres (docs/bank.md): a CAMT.053 statement imported once whatever statement
 * brings its entries again, a bad one refused whole with each entry named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BankAccountList, type BankImportAnswer, type CsvLayoutChoices, type Reconciliation } from '@kermesse/contracts-accounting';
import { startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
const A = '/api/admin/accountancy';

beforeAll(async () => {
  sys = await startAccountingTestSystem({ app: true, consumers: false });
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
    expect((await json<BankAccountList>(res)).accounts.map((a) => [a.account, a.name])).toEqual([
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
    expect(accounts.accounts.find((a) => a.account === '5121')!.csvLayout).toEqual(layout);

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
