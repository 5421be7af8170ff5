/** Bank statements as French banks write them, and HelloAsso's items and cash-outs in the books (pure rules). */
import { describe, expect, it } from 'vitest';
import { proposeEntries } from '@kermesse/contracts-accounting';
import { itemKind, payoutsOf } from '../helloasso/mapping.ts';
import { readBankAmount, readBankDay, readStatement } from './statement.ts';

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('a bank statement', () => {
  it('reads one signed amount column, with a comma or a point, a euro sign and thousands', () => {
    expect(['-30,50', '+1 234,56 €', '30.5', '-1.234,50', '12 EUR'].map(readBankAmount)).toEqual([-3050, 123456, 3050, -123450, 1200]);
    expect(['trente', '', '12,345'].map(readBankAmount)).toEqual([null, null, null]);
  });

  it('reads the days banks write', () => {
    expect(['14/03/2026', '14/03/26', '14-03-2026', '14.03.2026', '2026-03-14', '20260314120000[+1:CET]'].map(readBankDay)).toEqual(
      Array(6).fill('2026-03-14'),
    );
    expect(['31/02/2026', '2026/03/14', ''].map(readBankDay)).toEqual([null, null, null]);
  });

  it('finds the titles below the lines about the account, and keeps two identical movements apart', () => {
    const statement = readStatement(
      latin1(
        [
          'Relevé du compte 00012345678',
          'Du 01/05/2026 au 31/05/2026',
          '',
          "Date opération;Date valeur;Libellé de l'opération;Débit euros;Crédit euros",
          '15/05/2026;16/05/2026;FRAIS TENUE DE COMPTE;-2,50;',
          '15/05/2026;16/05/2026;FRAIS TENUE DE COMPTE;2,50;',
          '20/05/2026;20/05/2026;REMISE CHÈQUES;;1 130,00',
          'Solde au 31/05/2026;;;;1 125,00',
        ].join('\n'),
      ),
    );
    expect(statement.errors).toEqual([]);
    expect(statement.lines.map((l) => [l.line, l.date, l.label, l.amountCents])).toEqual([
      [5, '2026-05-15', 'FRAIS TENUE DE COMPTE', -250],
      [6, '2026-05-15', 'FRAIS TENUE DE COMPTE', -250],
      [7, '2026-05-20', 'REMISE CHÈQUES', 113000],
    ]);
    expect(new Set(statement.lines.map((l) => l.fingerprint)).size).toBe(3);
  });

  it('asks which columns to read when a signed amount sits beside a debit and a credit, and reads the chosen ones', () => {
    const text = latin1(['Date;Libellé;Montant;Débit;Crédit', '02/06/2026;VIR MAIRIE;250,00;;250,00'].join('\n'));
    const asked = readStatement(text);
    expect(asked.lines).toEqual([]);
    expect(asked.layoutNeeded?.choices).toEqual({
      date: ['Date'],
      label: ['Libellé'],
      amount: ['Montant'],
      debit: ['Débit'],
      credit: ['Crédit'],
    });
    const chosen = readStatement(text, { layout: { date: 'Date', label: 'Libellé', debit: 'Débit', credit: 'Crédit' } });
    expect(chosen.lines.map((l) => l.amountCents)).toEqual([25000]);
    // A layout kept for the account but absent from a new export: the titles are read afresh.
    const renamed = readStatement(latin1('Date;Libellé;Montant\n02/06/2026;VIR MAIRIE;250,00'), {
      remembered: { date: 'Date', label: 'Libellé', debit: 'Débit', credit: 'Crédit' },
    });
    expect(renamed.layout).toEqual({ date: 'Date', label: 'Libellé', amount: 'Montant' });
  });

  it('says which columns it needs when it cannot find them', () => {
    expect(readStatement(latin1('Jour;Texte;Valeur\n01/05/2026;X;1')).errors).toEqual([
      'Colonnes introuvables : le relevé doit avoir une ligne de titres avec « Date », « Libellé » et « Montant » (ou « Débit » et « Crédit »).',
    ]);
  });
});

/** A CAMT.053 statement as a French bank sends it (camt.053.001.02), with the entries given. */
const camt = (entries: string) =>
  new Uint8Array(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-2026-05</MsgId><CreDtTm>2026-06-01T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>2026-05</Id>
      <Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>
      ${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`,
      'utf8',
    ),
  );

const entry = (ref: string, amount: string, direction: string, day: string, text: string, currency = 'EUR') => `
      <Ntry>
        <NtryRef>${ref}</NtryRef>
        <Amt Ccy="${currency}">${amount}</Amt>
        <CdtDbtInd>${direction}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <ValDt><Dt>${day}</Dt></ValDt>
        <AcctSvcrRef>${ref}-SVC</AcctSvcrRef>
        <NtryDtls><TxDtls><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>`;

describe('a CAMT.053 statement', () => {
  it('reads each entry: credit or debit, the day it was booked, the remittance text, the bank’s own id', () => {
    const statement = readStatement(
      camt(
        entry('E1', '130.00', 'CRDT', '2026-05-12', 'REMISE CHEQUES 0012') +
          entry('E2', '2.50', 'DBIT', '2026-05-15', 'FRAIS TENUE DE COMPTE') +
          `<Ntry><Amt Ccy="EUR">45.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
             <BookgDt><DtTm>2026-05-20T10:00:00</DtTm></BookgDt><AddtlNtryInf>PRLV ASSURANCE &amp; CO</AddtlNtryInf></Ntry>` +
          `<Ntry><Amt Ccy="EUR">9.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2026-05-31</Dt></BookgDt>
             <AddtlNtryInf>EN ATTENTE</AddtlNtryInf></Ntry>`,
      ),
    );
    expect(statement.errors).toEqual([]);
    expect(statement.format).toBe('camt053');
    expect(statement.lines.map((l) => [l.date, l.label, l.amountCents])).toEqual([
      ['2026-05-12', 'REMISE CHEQUES 0012', 13000],
      ['2026-05-15', 'FRAIS TENUE DE COMPTE', -250],
      ['2026-05-20', 'PRLV ASSURANCE & CO', -4500],
    ]);
    // The same entry in next month's statement, with another label, is the same movement.
    const again = readStatement(camt(entry('E1', '130.00', 'CRDT', '2026-05-12', 'REMISE CHQ')));
    expect(again.lines[0]!.fingerprint).toBe(statement.lines[0]!.fingerprint);
  });

  it('refuses the whole statement, naming each entry that is wrong', () => {
    const statement = readStatement(
      camt(
        entry('E1', '130.00', 'CRDT', '2026-05-12', 'REMISE CHEQUES') +
          entry('E2', '12,50', 'DBIT', '2026-05-15', 'FRAIS') +
          entry('E3', '40.00', 'CRDT', '2026-02-30', 'VIR MAIRIE', 'USD'),
      ),
    );
    expect(statement.errors).toEqual([
      "Opération 2 (E2-SVC) : le montant « 12,50 » n'est pas un montant.",
      "Opération 3 (E3-SVC) : la date « 2026-02-30 » n'est pas une date ; la devise « USD » n'est pas l'euro.",
    ]);
    expect(readStatement(camt('')).errors).toEqual(['Le relevé CAMT.053 ne contient aucune opération (<Ntry>).']);
    expect(readStatement(new Uint8Array(Buffer.from('<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt></Document>'))).errors[0]).toMatch(
      /^Le relevé CAMT.053 n'est pas un XML valide/,
    );
  });
});

describe('HelloAsso in the books', () => {
  it('books gifts, memberships and sales, never the contribution to HelloAsso nor an unpaid item', () => {
    const kind = (type: string, amount = 1000, state = 'Processed') => itemKind({ id: 1, type, amount, state }).kind;
    expect([kind('Donation'), kind('MonthlyDonation'), kind('Membership'), kind('Registration'), kind('Product')]).toEqual([
      'donation',
      'donation',
      'membership',
      'sale',
      'sale',
    ]);
    expect([kind('Contribution'), kind('Registration', 0), kind('Registration', 1000, 'Refused')]).toEqual([
      'skipped',
      'skipped',
      'skipped',
    ]);
  });

  it('groups a form’s payments by cash-out, the payers’ contributions left out', () => {
    const payouts = payoutsOf([
      {
        id: 1,
        amount: 1100,
        amountTip: 100,
        date: '2026-05-01T10:00:00Z',
        cashOutState: 'CashedOut',
        idCashOut: 7,
        cashOutDate: '2026-05-09T22:30:00Z',
      },
      { id: 2, amount: 500, date: '2026-05-02T10:00:00Z', cashOutState: 'Transfered', idCashOut: 7, cashOutDate: '2026-05-09T08:00:00Z' },
      { id: 3, amount: 900, date: '2026-05-03T10:00:00Z', cashOutState: 'MoneyIn' },
    ]);
    // 22:30 UTC on 9 May is 10 May in France.
    expect(payouts).toEqual([{ cashOutId: 7, paidOn: '2026-05-10', grossCents: 1500, netCents: 1500, feesCents: 0, payments: 2 }]);
  });
});

describe('matching proposals', () => {
  it('proposes the entries of the same amount within five days, the closest first', () => {
    const entries = [
      { entryId: 1, date: '2026-05-01', amountCents: 4700 },
      { entryId: 2, date: '2026-05-12', amountCents: 4700 },
      { entryId: 3, date: '2026-05-09', amountCents: 4700 },
      { entryId: 4, date: '2026-05-10', amountCents: 4701 },
    ];
    expect(proposeEntries({ date: '2026-05-10', amountCents: 4700 }, entries).map((e) => e.entryId)).toEqual([3, 2]);
  });
});
