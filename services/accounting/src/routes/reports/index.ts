/**
 * docs/spec.md §7 reports of a financial year, from the year's trial balance: « Bilan des comptes » (rows
 * with solde 0 dropped), « Disponibilités » (treasury accounts) and the forecast (rows with solde 0
 * hidden) from the year's budget — a trial balance marked `forecast` — or, without one, from last
 * year's figures. Each also downloads as CSV (`?format=csv`).
 */
import type { Context } from 'koa';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  availabilityOf,
  AvailabilityRows,
  LayoutRows,
  FinancialYearParams,
  layoutTrialBalance,
  ReportQuery,
  YearParams,
  type AvailabilityRow,
  type LayoutRow,
} from '@kermesse/contracts-accounting';
import { presentRow } from '../../presenters/accounting.ts';
import { rowsOfYear } from '../../repositories/trialBalances.ts';
import { csvAmount, sendCsv, wantsCsv } from '../csv.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy';

function layoutCsv(ctx: Context, filename: string, rows: LayoutRow[], totals: { depenses: number; recettes: number; solde: number }) {
  sendCsv(ctx, filename, [
    ['Rang', 'Dépense', 'Montant', 'Recette', 'Montant', 'Solde'],
    ...rows.map((r) => [r.rank, r.depense_label, csvAmount(r.depenses), r.recette_label, csvAmount(r.recettes), csvAmount(r.solde)]),
    ['', 'TOTAUX', csvAmount(totals.depenses), '', csvAmount(totals.recettes), csvAmount(totals.solde)],
  ]);
}

export function reportRoutes({ db }: { db: Db }): Router {
  const router = new Router();
  const laidOut = async (year: number) => layoutTrialBalance((await rowsOfYear(db, year)).map(presentRow), { dropZero: true });
  /** The year's budget; without one, last year's figures (what a treasurer starts a budget from). */
  const forecastOf = async (year: number) => {
    const budget = await rowsOfYear(db, year, { forecast: true });
    const rows = budget.length ? budget : await rowsOfYear(db, year - 1);
    return layoutTrialBalance(rows.map(presentRow), { dropZero: true });
  };

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/bilan-des-comptes/:year`,
    summary: "Lire le bilan des comptes d'un exercice",
    description: 'En JSON ; un fichier CSV avec `?format=csv`.',
    responses: { 200: LayoutRows },
    roles: TREASURER,
    params: YearParams,
    query: ReportQuery,
    handler: async ({ ctx, params, query }): Promise<LayoutRow[] | undefined> => {
      const { rows, totals } = await laidOut(params.year);
      if (!wantsCsv(query)) return rows;
      layoutCsv(ctx, `bilan-des-comptes-${params.year}.csv`, rows, totals);
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/bilan-disponibilite/:year`,
    summary: "Lire les disponibilités d'un exercice",
    description: 'En JSON ; un fichier CSV avec `?format=csv`.',
    responses: { 200: AvailabilityRows },
    roles: TREASURER,
    params: YearParams,
    query: ReportQuery,
    handler: async ({ ctx, params, query }): Promise<AvailabilityRow[] | undefined> => {
      const { rows, total } = availabilityOf((await rowsOfYear(db, params.year)).map(presentRow));
      if (!wantsCsv(query)) return rows;
      sendCsv(ctx, `disponibilites-${params.year}.csv`, [
        ['Compte', 'Libellé', 'Solde'],
        ...rows.map((r) => [r.accountCode, r.accountLabel, csvAmount(r.balance)]),
        ['', 'Total', csvAmount(total)],
      ]);
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/previsionnel/:financialYear`,
    summary: "Lire le prévisionnel d'un exercice",
    description: 'En JSON ; un fichier CSV avec `?format=csv`.',
    responses: { 200: LayoutRows },
    roles: TREASURER,
    params: FinancialYearParams,
    query: ReportQuery,
    handler: async ({ ctx, params, query }): Promise<LayoutRow[] | undefined> => {
      const { rows, totals } = await forecastOf(params.financialYear);
      if (!wantsCsv(query)) return rows;
      layoutCsv(ctx, `previsionnel-${params.financialYear}.csv`, rows, totals);
      return undefined;
    },
  });

  return router;
}
