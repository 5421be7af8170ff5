/**
 * The bank (docs/bank.md): the association's bank accounts (512 and its sub-accounts), a statement
 * imported into one of them (CSV, OFX or CAMT.053, all or nothing; a CSV's columns chosen once per
 * account), the year's reconciliation of an account with the books (CSV of its months), a line
 * matched to its entry or unmatched.
 */
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  BankAccountBody,
  BankAccountList,
  BankDepositAnswer,
  BankDepositBody,
  BankImportAnswer,
  BankImportBody,
  BankLineAnswer,
  BankMatchBody,
  DEFAULT_BANK_ACCOUNT,
  IdParams,
  Reconciliation,
  ReconciliationQuery,
} from '@kermesse/contracts-accounting';
import { plainAmount, toCents } from '@kermesse/contracts-common';
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
import { amountInvalid, bankAccountUnknown, bankFileInvalid, bankLayoutNeeded } from '../../errors.ts';
import { findBankAccount, listBankAccounts, saveBankAccount } from '../../repositories/bank.ts';
import { csvAmount, sendCsv, wantsCsv } from '../csv.ts';
import { centsOf } from '../money.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy/bank';

export function bankRoutes({ db }: { db: Db }): Router {
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

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/accounts`,
    summary: "Lister les comptes bancaires de l'association (512 et ses sous-comptes)",
    responses: { 200: BankAccountList },
    roles: TREASURER,
    handler: async (): Promise<BankAccountList> => ({ accounts: (await listBankAccounts(db)).map(presentBankAccount) }),
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
      return { accounts: (await listBankAccounts(db)).map(presentBankAccount) };
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

  return router;
}
