/** docs/spec.md §7: the trial balances, their rows and their import (treasurer and admin). */
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  IdParams,
  ReportQuery,
  TrialBalanceInput,
  ImportAnswer,
  TrialBalanceAnswer,
  TrialBalanceList,
  type TrialBalanceRow,
  TrialBalanceRows,
} from '@kermesse/contracts-accounting';
import { createTrialBalance, deleteTrialBalance, importTrialBalance, updateTrialBalance } from '../../commands/trialBalances.ts';
import { trialBalanceNotFound } from '../../errors.ts';
import { presentRow, presentTrialBalance } from '../../presenters/accounting.ts';
import { findTrialBalance, listRows, listTrialBalances } from '../../repositories/trialBalances.ts';
import { csvAmount, sendCsv, wantsCsv } from '../csv.ts';
import { readRawBody } from '../rawBody.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy';

export function trialBalanceRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/trial-balance`,
    summary: 'Lister les balances',
    responses: { 200: TrialBalanceList },
    roles: TREASURER,
    handler: async (): Promise<TrialBalanceList> => ({ trialBalances: (await listTrialBalances(db)).map(presentTrialBalance) }),
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/trial-balance/:id`,
    summary: 'Lire une balance',
    responses: { 200: TrialBalanceAnswer },
    roles: TREASURER,
    params: IdParams,
    handler: async ({ params }): Promise<TrialBalanceAnswer> => {
      const record = await findTrialBalance(db, params.id);
      if (!record) throw trialBalanceNotFound();
      return { trialBalance: presentTrialBalance(record) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/trial-balance`,
    summary: 'Créer une balance',
    responses: { 201: TrialBalanceAnswer },
    roles: TREASURER,
    body: TrialBalanceInput,
    status: 201,
    handler: async ({ body }): Promise<TrialBalanceAnswer> => ({ trialBalance: presentTrialBalance(await createTrialBalance(db, body)) }),
  });

  defineRoute(router, {
    method: 'put',
    path: `${BASE}/trial-balance/:id`,
    summary: 'Modifier une balance',
    responses: { 200: TrialBalanceAnswer },
    roles: TREASURER,
    params: IdParams,
    body: TrialBalanceInput,
    handler: async ({ params, body }): Promise<TrialBalanceAnswer> => ({
      trialBalance: presentTrialBalance(await updateTrialBalance(db, params.id, body)),
    }),
  });

  defineRoute(router, {
    method: 'delete',
    path: `${BASE}/trial-balance/:id`,
    summary: 'Supprimer une balance',
    responses: {},
    roles: TREASURER,
    params: IdParams,
    handler: async ({ ctx, params }) => {
      await deleteTrialBalance(db, params.id);
      ctx.status = 204;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/trial-balance-rows/:id`,
    summary: "Lire les lignes d'une balance",
    responses: { 200: TrialBalanceRows },
    roles: TREASURER,
    params: IdParams,
    query: ReportQuery,
    handler: async ({ ctx, params, query }): Promise<TrialBalanceRow[] | undefined> => {
      const record = await findTrialBalance(db, params.id);
      if (!record) throw trialBalanceNotFound();
      const rows = (await listRows(db, params.id)).map(presentRow);
      if (!wantsCsv(query)) return rows;
      sendCsv(ctx, `balance-${record.id}-${record.financial_year}.csv`, [
        ['Compte', 'Libellé', 'Débit', 'Crédit', 'Solde'],
        ...rows.map((r) => [r.accountCode, r.accountLabel, csvAmount(r.debit), csvAmount(r.credit), csvAmount(r.balance)]),
      ]);
      return undefined;
    },
  });

  /** docs/spec.md §7 `POST /api/trials/import/{id}` → `{ created }`; a CSV body (text/csv) replaces data_csv_raw first. */
  defineRoute(router, {
    method: 'post',
    path: '/api/trials/import/:id',
    summary: "Importer les lignes d'une balance (CSV)",
    responses: { 200: ImportAnswer },
    roles: TREASURER,
    params: IdParams,
    handler: async ({ ctx, params }): Promise<ImportAnswer> => {
      const file = ctx.is('text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel')
        ? await readRawBody(ctx, 10 * 1024 * 1024)
        : undefined;
      return importTrialBalance(db, params.id, file && file.length ? file : undefined);
    },
  });

  return router;
}
