/**
 * The books beyond docs/spec.md §7: financial years and their closing, « Générer la balance », the
 * hash-chained journal and its verification, the FEC export, and the account map.
 */
import iconv from 'iconv-lite';
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  AccountMapInput,
  buildFec,
  fecFileName,
  ReportQuery,
  YearParams,
  AccountMapAnswer,
  FinancialYearList,
  GenerateAnswer,
  JournalAnswer,
  JournalVerification,
} from '@kermesse/contracts-accounting';
import { toEuros } from '@kermesse/contracts-common';
import { closeYear } from '../../commands/books.ts';
import { generateTrialBalance } from '../../commands/trialBalances.ts';
import { presentTrialBalance } from '../../presenters/accounting.ts';
import { saveAccountMap } from '../../commands/saveAccountMap.ts';
import { dayInFrance } from '../../dates.ts';
import { knownCategories, readAccountMap } from '../../repositories/accountMap.ts';
import { readAssociation } from '../../repositories/donations.ts';
import { listEntries, verifyChain } from '../../repositories/journal.ts';
import { listYears } from '../../repositories/years.ts';
import { csvAmount, sendCsv, wantsCsv } from '../csv.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy';
const JOURNAL_LABELS: Record<string, string> = { VE: 'Ventes', AC: 'Achats', OD: 'Opérations diverses' };

/** The FEC of a year (article A47 A-1 LPF), as the file is named and encoded (also put in an association's export). */
export async function fecOfYear(db: Db, year: number): Promise<{ fileName: string; content: Buffer }> {
  const [entries, association] = await Promise.all([listEntries(db, year), readAssociation(db)]);
  const text = buildFec(
    entries.map((e) => ({
      journalCode: e.journal,
      journalLabel: JOURNAL_LABELS[e.journal] ?? e.journal,
      number: e.number,
      date: e.entry_date,
      pieceRef: e.piece_ref,
      pieceDate: e.piece_date,
      label: e.label,
      // The day it was recorded in France (the books' days, dates.ts), not in UTC.
      validDate: dayInFrance(new Date(e.created_at)),
      lines: e.lines.map((l) => ({
        account: l.account,
        accountLabel: l.account_label,
        debitCents: Number(l.debit_cents),
        creditCents: Number(l.credit_cents),
      })),
    })),
  );
  // docs/fec.md §1: the format's character set is ISO 8859-15.
  return { fileName: fecFileName(year, association.siren), content: iconv.encode(text, 'iso-8859-15') };
}

export function bookRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  const years = async (): Promise<FinancialYearList> => ({
    financialYears: (await listYears(db)).map((y) => ({
      year: y.year,
      locked: y.locked,
      lockedAt: y.locked_at ? new Date(y.locked_at).toISOString() : null,
      entries: y.entries,
      unposted: y.unposted,
    })),
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/financial-years`,
    summary: 'Lister les exercices comptables',
    deprecated: 'Liste dans { financialYears } au lieu de { items, total }.',
    responses: { 200: FinancialYearList },
    roles: TREASURER,
    handler: years,
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/financial-years/:year/lock`,
    summary: 'Clôturer un exercice',
    responses: { 200: FinancialYearList },
    roles: TREASURER,
    params: YearParams,
    handler: async ({ params, user }): Promise<FinancialYearList> => {
      await closeYear(db, params.year, (user as AuthUser).email ?? null);
      return years();
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/financial-years/:year/trial-balance`,
    summary: "Générer la balance d'un exercice depuis son journal",
    deprecated: 'Noms en snake_case (financial_year, data_csv_raw, imported_at) au lieu de camelCase.',
    responses: { 201: GenerateAnswer },
    roles: TREASURER,
    params: YearParams,
    status: 201,
    handler: async ({ params }): Promise<GenerateAnswer> => {
      const { record, created } = await generateTrialBalance(db, params.year);
      return { trialBalance: presentTrialBalance(record), created };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/journal/:year`,
    summary: "Lire le journal d'un exercice",
    responses: { 200: JournalAnswer },
    roles: TREASURER,
    params: YearParams,
    query: ReportQuery,
    handler: async ({ ctx, params, query }): Promise<JournalAnswer | undefined> => {
      const entries = (await listEntries(db, params.year)).map((e) => ({
        number: e.number,
        date: e.entry_date,
        journal: e.journal,
        pieceRef: e.piece_ref,
        label: e.label,
        eventId: e.event_id,
        hash: e.hash,
        lines: e.lines.map((l) => ({
          account: l.account,
          accountLabel: l.account_label,
          debit: toEuros(Number(l.debit_cents)),
          credit: toEuros(Number(l.credit_cents)),
        })),
      }));
      if (!wantsCsv(query)) return { year: params.year, entries };
      sendCsv(ctx, `journal-${params.year}.csv`, [
        ['N°', 'Date', 'Journal', 'Pièce', 'Libellé', 'Compte', 'Intitulé', 'Débit', 'Crédit'],
        ...entries.flatMap((e) =>
          e.lines.map((l) => [
            e.number,
            e.date,
            e.journal,
            e.pieceRef,
            e.label,
            l.account,
            l.accountLabel,
            csvAmount(l.debit),
            csvAmount(l.credit),
          ]),
        ),
      ]);
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/journal-verification`,
    summary: "Vérifier l'équilibre du journal",
    responses: { 200: JournalVerification },
    roles: TREASURER,
    handler: async (): Promise<JournalVerification> => {
      const { entries, brokenAt } = await verifyChain(db);
      return { ok: brokenAt === null, entries, brokenAt };
    },
  });

  /** Article A47 A-1 LPF: the year's journal as a FEC file. */
  defineRoute(router, {
    method: 'get',
    path: `${BASE}/fec/:year`,
    summary: "Télécharger le FEC d'un exercice",
    responses: {},
    roles: TREASURER,
    params: YearParams,
    handler: async ({ ctx, params }) => {
      const fec = await fecOfYear(db, params.year);
      ctx.set('Content-Type', 'text/plain; charset=iso-8859-15');
      ctx.set('Content-Disposition', `attachment; filename="${fec.fileName}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = fec.content;
    },
  });

  const accountMap = async (): Promise<AccountMapAnswer> => ({
    accountMap: await readAccountMap(db),
    categories: await knownCategories(db),
  });
  defineRoute(router, {
    method: 'get',
    path: `${BASE}/account-map`,
    summary: 'Lire le plan de correspondance des comptes',
    responses: { 200: AccountMapAnswer },
    roles: TREASURER,
    handler: accountMap,
  });
  defineRoute(router, {
    method: 'put',
    path: `${BASE}/account-map`,
    summary: 'Modifier le plan de correspondance des comptes',
    responses: { 200: AccountMapAnswer },
    roles: TREASURER,
    body: AccountMapInput,
    handler: async ({ body }): Promise<AccountMapAnswer> => {
      await saveAccountMap(db, body);
      return accountMap();
    },
  });

  return router;
}
