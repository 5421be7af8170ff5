/**
 * Demo data of the accounting service (idempotent): last year's trial balance as a treasurer
 * exports it from Paheko (« Balance générale », Windows-1252, semicolons, decimal commas), already
 * imported, so the Bilan des comptes, the Disponibilités and the forecast have something to show
 * from the first start; and this year's forecast, typed by hand. The fair's sales reach the
 * journal by themselves through sale.completed.
 */
import './events.ts';
import { readFileSync } from 'node:fs';
import type { Db } from '@kermesse/kit/db';
import { decodeCsvBytes } from '@kermesse/kit/csv';
import { createTrialBalance, importTrialBalance } from './commands/trialBalances.ts';

/** The sample file shipped beside the service (services/accounting/samples). */
export const SAMPLE_FILE = new URL('../samples/balance-generale-2025.csv', import.meta.url);
export const DEMO_YEAR = 2025;

/** A forecast for the coming fair, as a treasurer would type it in the form. */
export const DEMO_FORECAST_CSV = `Compte;Libellé;Débit;Crédit
6071;Achats buvette;650,00;0
701;Ventes buvette;0;1 700,00
62341;Lots de la tombola;500,00;0
708801;Tombola;0;1 600,00
627;Frais bancaires;40,00;0
7541;Dons manuels;0;500,00
`;

export async function seedDemo({ db }: { db: Db }): Promise<void> {
  const existing = await db('trial_balances').count<{ count: number }[]>('* as count');
  if (Number(existing[0]?.count ?? 0) > 0) return;
  const bytes = new Uint8Array(readFileSync(SAMPLE_FILE));
  const lastYear = await createTrialBalance(db, { financial_year: DEMO_YEAR, data_csv_raw: decodeCsvBytes(bytes).text, locked: false });
  await importTrialBalance(db, lastYear.id);
  const forecast = await createTrialBalance(db, {
    financial_year: DEMO_YEAR + 1,
    data_csv_raw: DEMO_FORECAST_CSV,
    locked: false,
    forecast: true,
  });
  await importTrialBalance(db, forecast.id);
}
