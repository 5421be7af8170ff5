import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo.ts';
import { startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
beforeAll(async () => {
  sys = await startAccountingTestSystem({ consumers: false });
});
afterAll(async () => {
  await sys?.stop();
});

describe('demo data', () => {
  it('imports the sample Paheko file once, and a budget for the next year', async () => {
    await seedDemo({ db: sys.db });
    await seedDemo({ db: sys.db });
    const { trialBalances } = (await (await sys.request('/api/admin/accountancy/trial-balance')).json()) as {
      trialBalances: Array<{ financial_year: number; rows: number; forecast: boolean }>;
    };
    expect(trialBalances.map((t) => [t.financial_year, t.rows, t.forecast])).toEqual([
      [2026, 6, true],
      [2025, 19, false],
    ]);
    const dispo = (await (await sys.request('/api/admin/accountancy/bilan-disponibilite/2025')).json()) as Array<{ accountCode: string }>;
    expect(dispo.map((r) => r.accountCode)).toEqual(['5112', '512', '530']);
    const forecast = (await (await sys.request('/api/admin/accountancy/previsionnel/2026')).json()) as Array<{ depense_label: string }>;
    expect(forecast.map((r) => r.depense_label)).toEqual(['Achats buvette', 'Lots de la tombola', 'Frais bancaires', '']);
  });
});
