/**
 * The bank on real Postgres (docs/bank.md): a CAMT.053 statement imported once whatever statement
 * brings its entries again, a bad one refused whole with each entry named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BankImportAnswer, type Reconciliation } from '@kermesse/contracts-accounting';
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
