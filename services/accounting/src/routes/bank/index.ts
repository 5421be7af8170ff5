/**
 * The bank (docs/bank.md): a statement imported (CSV or OFX, all or nothing), the year's
 * reconciliation with the bank account of the books, a line matched to its entry or unmatched.
 */
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  BankDepositAnswer,
  BankDepositBody,
  BankImportAnswer,
  BankImportBody,
  BankLineAnswer,
  BankMatchBody,
  IdParams,
  Reconciliation,
  ReconciliationQuery,
} from '@kermesse/contracts-accounting';
import { readStatement } from '../../bank/statement.ts';
import { bookEntry, importStatement, matchBankLine, reconciliation, recordDeposit, unmatchBankLine } from '../../commands/bank.ts';
import { dayInFrance, yearOf } from '../../dates.ts';
import { amountInvalid, bankFileInvalid } from '../../errors.ts';
import { centsOf } from '../money.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy/bank';

export function bankRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  const lineAnswer = async (year: number, id: number): Promise<BankLineAnswer> => ({
    line: (await reconciliation(db, year, id)).lines[0]!,
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/import`,
    summary: 'Importer un relevé bancaire CSV ou OFX (essai avec dryRun)',
    responses: { 200: BankImportAnswer },
    roles: TREASURER,
    body: BankImportBody,
    errors: { 400: ['BANK_FILE_INVALID'] },
    handler: async ({ body }): Promise<BankImportAnswer> => {
      const bytes = Buffer.from(body.content, 'base64');
      const statement = readStatement(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (statement.errors.length > 0) throw bankFileInvalid(statement.errors);
      const dryRun = body.dryRun ?? false;
      return { dryRun, format: statement.format, ...(await importStatement(db, body.fileName, statement, dryRun)) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/reconciliation`,
    summary: "Rapprochement bancaire d'un exercice : soldes, lignes du relevé, écritures non rapprochées",
    responses: { 200: Reconciliation },
    roles: TREASURER,
    query: ReconciliationQuery,
    handler: async ({ query }): Promise<Reconciliation> => reconciliation(db, query.year ?? yearOf(dayInFrance(new Date()))),
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
      const year = await matchBankLine(db, params.id, body.entryId, (user as AuthUser).email ?? null);
      return lineAnswer(year, params.id);
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
      400: ['AMOUNT_INVALID', 'BANK_AMOUNT_MISMATCH', 'BANK_DEPOSIT_NOT_CREDIT'],
      404: ['BANK_LINE_NOT_FOUND'],
      409: ['BANK_LINE_ALREADY_MATCHED', 'YEAR_LOCKED'],
    },
    handler: async ({ body, user }): Promise<BankDepositAnswer> => {
      const amountCents = centsOf(body.amount, 'amount');
      const feesCents = body.fees === undefined ? 0 : centsOf(body.fees, 'fees', { allowZero: true });
      // A deposit brings money in; what the provider kept is never negative either.
      if (amountCents < 0) throw amountInvalid('amount');
      if (feesCents < 0) throw amountInvalid('fees');
      const { entryId, year } = await recordDeposit(db, {
        date: body.date,
        source: body.source,
        amountCents,
        feesCents,
        lineId: body.lineId,
        by: (user as AuthUser).email ?? null,
      });
      const seen = await reconciliation(db, year, body.lineId);
      const entry = (await bookEntry(db, entryId))!;
      return { entry, line: body.lineId === undefined ? null : (seen.lines[0] ?? null) };
    },
  });

  return router;
}
