/**
 * The bank (docs/bank.md): the association's bank accounts (512 and its sub-accounts), a statement
 * imported into one of them (CSV, OFX or CAMT.053, all or nothing; a CSV's columns chosen once per
 * account), the year's reconciliation of an account with the books (CSV of its months), a line
 * matched to its entry or unmatched.
 */
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, invalidInput, Router } from '@kermesse/kit/http';
import {
  BankAccountBody,
  BankAccountList,
  BankDepositAnswer,
  BankDepositBody,
  BankImportAnswer,
  BankImportBody,
  BankLineAnswer,
  BankMatchBody,
  CardPayoutImportAnswer,
  CardPayoutImportBody,
  ChequeList,
  ChequeSlipAnswer,
  ChequeSlipBody,
  ChequeSlipList,
  ChequesQuery,
  DEFAULT_BANK_ACCOUNT,
  type Cheque,
  type ChequeSlip,
  IdParams,
  Reconciliation,
  ReconciliationQuery,
} from '@kermesse/contracts-accounting';
import { plainAmount, toCents, toEuros } from '@kermesse/contracts-common';
import { renderChequeSlipPdf } from '../../bank/chequeSlipPdf.ts';
import { readStatement } from '../../bank/statement.ts';
import {
  bookEntry,
  importStatement,
  matchBankLine,
  presentBankAccount,
  reconciliation,
  recordDeposit,
  unmatchBankLine,
} from '../../commands/bank.ts';
import { dayInFrance, yearOf } from '../../dates.ts';
import {
  amountInvalid,
  bankAccountUnknown,
  bankFileInvalid,
  bankLayoutNeeded,
  chequeNotAvailable,
  chequeSlipEmpty,
  chequeSlipNotFound,
  sumUpNotConfigured,
} from '../../errors.ts';
import { importSumUpPayouts } from '../../commands/cardPayouts.ts';
import type { SumUpCredentials } from '../../sumup/payouts.ts';
import { findBankAccount, listBankAccounts, saveBankAccount } from '../../repositories/bank.ts';
import { chequeSlips, undepositedCheques, type ChequeRow, type ChequeSlipRow } from '../../repositories/chequeSlips.ts';
import { readAssociation } from '../../repositories/donations.ts';
import { csvAmount, sendCsv, wantsCsv } from '../csv.ts';
import { centsOf } from '../money.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy/bank';

export function bankRoutes({ db, sumup }: { db: Db; sumup?: SumUpCredentials }): Router {
  const router = new Router();

  const lineAnswer = async ({ year, account }: { year: number; account: string }, id: number): Promise<BankLineAnswer> => ({
    line: (await reconciliation(db, year, account, id)).lines[0]!,
  });
  /** A bank account the association named (512 always is one). */
  const knownAccount = async (account: string | undefined) => {
    const found = await findBankAccount(db, account ?? DEFAULT_BANK_ACCOUNT);
    if (!found) throw bankAccountUnknown(account!);
    return found;
  };

  const bankAccountList = async (): Promise<BankAccountList> => {
    const items = (await listBankAccounts(db)).map(presentBankAccount);
    return { items, total: items.length };
  };

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/accounts`,
    summary: "Lister les comptes bancaires de l'association (512 et ses sous-comptes)",
    responses: { 200: BankAccountList },
    roles: TREASURER,
    handler: async (): Promise<BankAccountList> => bankAccountList(),
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/accounts`,
    summary: 'Ajouter ou renommer un compte bancaire (512, 5121, 5122…)',
    responses: { 200: BankAccountList },
    roles: TREASURER,
    body: BankAccountBody,
    handler: async ({ body }): Promise<BankAccountList> => {
      await saveBankAccount(db, body.account, body.name);
      return bankAccountList();
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/import`,
    summary: 'Importer un relevé bancaire CSV, OFX ou CAMT.053 dans un compte (essai avec dryRun)',
    description:
      'Un CSV dont plusieurs colonnes peuvent être la date, le libellé ou le montant est refusé (`BANK_LAYOUT_NEEDED`, les titres possibles dans `details`) ' +
      "jusqu'à ce que `layout` les désigne ; ce choix est gardé pour le compte et resservi aux relevés suivants.",
    responses: { 200: BankImportAnswer },
    roles: TREASURER,
    body: BankImportBody,
    errors: { 400: ['BANK_FILE_INVALID', 'BANK_LAYOUT_NEEDED', 'BANK_ACCOUNT_UNKNOWN'] },
    handler: async ({ body }): Promise<BankImportAnswer> => {
      const account = await knownAccount(body.account);
      const bytes = Buffer.from(body.content, 'base64');
      const statement = readStatement(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
        layout: body.layout,
        remembered: account.csv_layout,
      });
      if (statement.errors.length > 0) throw bankFileInvalid(statement.errors);
      if (statement.layoutNeeded) throw bankLayoutNeeded(account.account, statement.layoutNeeded);
      const dryRun = body.dryRun ?? false;
      const kept = await importStatement(db, {
        fileName: body.fileName,
        account: account.account,
        statement,
        dryRun,
        keepLayout: body.layout && statement.layout,
      });
      return { dryRun, account: account.account, format: statement.format, ...kept };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/reconciliation`,
    summary:
      "Rapprochement bancaire d'un compte sur un exercice : soldes, lignes du relevé, écritures non rapprochées (CSV des mois avec format=csv)",
    description: 'En JSON ; le rapport mois par mois du compte en CSV avec `?format=csv`.',
    responses: { 200: Reconciliation },
    roles: TREASURER,
    query: ReconciliationQuery,
    errors: { 400: ['BANK_ACCOUNT_UNKNOWN'] },
    handler: async ({ ctx, query }): Promise<Reconciliation | undefined> => {
      const account = await knownAccount(query.account);
      const year = query.year ?? yearOf(dayInFrance(new Date()));
      const rec = await reconciliation(db, year, account.account);
      if (!wantsCsv(query)) return rec;
      sendCsv(ctx, `rapprochement-${account.account}-${year}.csv`, [
        [`Rapprochement bancaire ${year} — ${account.account} ${account.name}`],
        ['Mois', 'Relevé (banque)', `Livres (${account.account})`, 'Écart', 'Lignes du relevé à rapprocher', 'Écritures à rapprocher'],
        ...rec.months.map((m) => [
          m.month,
          csvAmount(m.bank),
          csvAmount(m.books),
          plainAmount(toCents(m.bank) - toCents(m.books)),
          m.unmatchedLines,
          m.unmatchedEntries,
        ]),
        [
          'Total',
          csvAmount(rec.bankBalance),
          csvAmount(rec.booksBalance),
          plainAmount(toCents(rec.bankBalance) - toCents(rec.booksBalance)),
          rec.lines.filter((line) => !line.matched).length,
          rec.unmatchedEntries.length,
        ],
      ]);
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/lines/:id/match`,
    summary: "Rapprocher une ligne du relevé d'une écriture du compte 512",
    responses: { 200: BankLineAnswer },
    roles: TREASURER,
    params: IdParams,
    body: BankMatchBody,
    errors: {
      400: ['BANK_AMOUNT_MISMATCH'],
      404: ['BANK_LINE_NOT_FOUND', 'BANK_ENTRY_NOT_FOUND'],
      409: ['BANK_LINE_ALREADY_MATCHED', 'BANK_ENTRY_ALREADY_MATCHED', 'YEAR_LOCKED'],
    },
    handler: async ({ params, body, user }): Promise<BankLineAnswer> => {
      const matched = await matchBankLine(db, params.id, body.entryId, (user as AuthUser).email ?? null);
      return lineAnswer(matched, params.id);
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: `${BASE}/lines/:id/match`,
    summary: "Annuler le rapprochement d'une ligne du relevé",
    responses: { 200: BankLineAnswer },
    roles: TREASURER,
    params: IdParams,
    errors: { 404: ['BANK_LINE_NOT_FOUND'], 409: ['YEAR_LOCKED'] },
    handler: async ({ params }): Promise<BankLineAnswer> => lineAnswer(await unmatchBankLine(db, params.id), params.id),
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/deposits`,
    summary: 'Écrire une remise en banque (espèces, chèques, paiements par carte), rapprochée de sa ligne du relevé',
    responses: { 201: BankDepositAnswer },
    roles: TREASURER,
    body: BankDepositBody,
    status: 201,
    errors: {
      400: ['AMOUNT_INVALID', 'BANK_AMOUNT_MISMATCH', 'BANK_DEPOSIT_NOT_CREDIT', 'BANK_ACCOUNT_UNKNOWN'],
      404: ['BANK_LINE_NOT_FOUND'],
      409: ['BANK_LINE_ALREADY_MATCHED', 'YEAR_LOCKED'],
    },
    handler: async ({ body, user }): Promise<BankDepositAnswer> => {
      const amountCents = centsOf(body.amount, 'amount');
      const feesCents = body.fees === undefined ? 0 : centsOf(body.fees, 'fees', { allowZero: true });
      // A deposit brings money in; what the provider kept is never negative either.
      if (amountCents < 0) throw amountInvalid('amount');
      if (feesCents < 0) throw amountInvalid('fees');
      if (body.account !== undefined) await knownAccount(body.account);
      const { entryId, year, account } = await recordDeposit(db, {
        date: body.date,
        source: body.source,
        amountCents,
        feesCents,
        lineId: body.lineId,
        account: body.account,
        by: (user as AuthUser).email ?? null,
      });
      const seen = await reconciliation(db, year, account, body.lineId);
      const entry = (await bookEntry(db, account, entryId))!;
      return { entry, line: body.lineId === undefined ? null : (seen.lines[0] ?? null) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/cheques`,
    summary: "Lister les chèques pris par les caisses qu'aucun bordereau de remise ne porte encore",
    responses: { 200: ChequeList },
    roles: TREASURER,
    query: ChequesQuery,
    handler: async ({ query }): Promise<ChequeList> => {
      const cheques = await undepositedCheques(db, query.eventId);
      return {
        cheques: cheques.map(presentCheque),
        total: toEuros(cheques.reduce((sum, c) => sum + c.amount_cents, 0)),
        count: cheques.length,
      };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/cheque-slips`,
    summary: 'Lister les bordereaux de remise de chèques',
    responses: { 200: ChequeSlipList },
    roles: TREASURER,
    handler: async (): Promise<ChequeSlipList> => {
      const items = (await chequeSlips(db)).map(presentSlip);
      return { items, total: items.length };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/cheque-slips`,
    summary: 'Établir un bordereau de remise de chèques et écrire la remise (débit 512, crédit 5112)',
    description:
      "Les chèques choisis (tous ceux de la fête `eventId`, ou de toutes, quand `cheques` est absent) ; chaque chèque n'est porté que sur un bordereau.",
    responses: { 201: ChequeSlipAnswer },
    roles: TREASURER,
    body: ChequeSlipBody,
    status: 201,
    errors: { 400: ['CHEQUE_SLIP_EMPTY', 'BANK_ACCOUNT_UNKNOWN'], 409: ['CHEQUE_NOT_AVAILABLE', 'YEAR_LOCKED'] },
    handler: async ({ body, user }): Promise<ChequeSlipAnswer> => {
      const account = await knownAccount(body.account);
      const waiting = await undepositedCheques(db, body.eventId);
      let cheques: ChequeRow[] = waiting;
      if (body.cheques) {
        const key = (saleId: number, index: number) => `${saleId}/${index}`;
        const byKey = new Map(waiting.map((c) => [key(c.sale_id, c.payment_index), c]));
        const missing = body.cheques.find((c) => !byKey.has(key(c.saleId, c.index)));
        if (missing) throw chequeNotAvailable(`n° ${missing.saleId}`);
        cheques = [...new Set(body.cheques.map((c) => key(c.saleId, c.index)))].map((k) => byKey.get(k)!);
      }
      if (cheques.length === 0) throw chequeSlipEmpty();
      const { depositId } = await recordDeposit(db, {
        date: body.date,
        source: 'CHQ',
        amountCents: cheques.reduce((sum, c) => sum + c.amount_cents, 0),
        feesCents: 0,
        account: account.account,
        eventId: body.eventId,
        cheques,
        by: (user as AuthUser).email ?? null,
      });
      return presentSlip((await chequeSlips(db, depositId))[0]!);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/cheque-slips/:id/pdf`,
    summary: 'Télécharger un bordereau de remise de chèques (PDF)',
    responses: {},
    roles: TREASURER,
    params: IdParams,
    errors: { 404: ['CHEQUE_SLIP_NOT_FOUND'] },
    handler: async ({ ctx, params }): Promise<undefined> => {
      const [slip] = await chequeSlips(db, params.id);
      if (!slip) throw chequeSlipNotFound();
      const [association, account] = await Promise.all([readAssociation(db), findBankAccount(db, slip.account)]);
      const pieceRef = pieceOf(slip.id);
      ctx.set('Content-Type', 'application/pdf');
      ctx.set('Content-Disposition', `attachment; filename="bordereau-cheques-${pieceRef}.pdf"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await renderChequeSlipPdf({ ...slip, pieceRef }, { name: association.name, accountName: account?.name ?? '' });
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/sumup-payouts/import`,
    summary: 'Lire les versements SumUp de quelques jours et les écrire (net à la banque, frais en 627, 5115 soldé)',
    description: 'Chaque versement une seule fois (son identifiant SumUp) ; retenues et versements échoués listés sans être écrits.',
    responses: { 200: CardPayoutImportAnswer },
    roles: TREASURER,
    body: CardPayoutImportBody,
    errors: {
      400: ['SUMUP_NOT_CONFIGURED', 'BANK_ACCOUNT_UNKNOWN', 'VALIDATION'],
      409: ['YEAR_LOCKED'],
      502: ['SUMUP_UNAVAILABLE', 'SUMUP_REFUSED'],
    },
    handler: async ({ body, user }): Promise<CardPayoutImportAnswer> => {
      if (!sumup) throw sumUpNotConfigured();
      if (body.to < body.from) throw invalidInput('La fin de la période précède son début.', 'to');
      const account = await knownAccount(body.account);
      return importSumUpPayouts(db, sumup, {
        from: body.from,
        to: body.to,
        account: account.account,
        by: (user as AuthUser).email ?? null,
      });
    },
  });

  return router;
}

/** The deposit's piece, as its entry carries it. */
const pieceOf = (depositId: number) => `R-${String(depositId).padStart(6, '0')}`;

const presentCheque = (c: ChequeRow): Cheque => ({
  saleId: c.sale_id,
  index: c.payment_index,
  saleReference: c.sale_reference,
  number: c.cheque_number,
  amount: toEuros(c.amount_cents),
  date: c.sale_date,
  eventId: c.event_id,
  eventName: c.event_name,
});

const presentSlip = (s: ChequeSlipRow): ChequeSlip => ({
  id: s.id,
  pieceRef: pieceOf(s.id),
  date: s.deposit_date,
  account: s.account,
  eventName: s.event_name,
  entryId: s.entry_id,
  total: toEuros(s.amount_cents),
  count: s.cheques.length,
  cheques: s.cheques.map(presentCheque),
});
