import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '@kermesse/kit/csv';
import { DEMO_LEVELS } from './demo.ts';
import { planInventory } from './inventory/inventoryCsv.ts';

// The demo products by name (infra/src/demoData.test.ts checks they are the register demo's).
const demoProducts = DEMO_LEVELS.filter((l) => l.product !== '*').map((l) => l.product);

describe('demo data', () => {
  it('starts a few demo products in alert', () => {
    const inAlert = DEMO_LEVELS.filter((l) => l.product !== '*' && l.stock <= l.alertThreshold).map((l) => l.product);
    expect(inAlert).toEqual(['Bolée de cidre', 'Sandwich jambon-beurre', 'Sachet de bonbons', 'Gaufre']);
  });

  it('ships a sample inventory file that imports as it is on the demo', () => {
    const products = demoProducts.map((name, index) => ({ id: index + 1, name, category: '' }));
    const plan = planInventory(
      readCsv(readFileSync(new URL('../samples/inventaire-exemple.csv', import.meta.url))),
      products,
      () => 0,
      'Inventaire',
    );
    expect(plan.errors).toEqual([]);
    expect(plan.lines.map((l) => [l.productName, l.newStock])).toEqual([
      ['Bolée de cidre', 30],
      ['Soda 33 cl', 72],
      ['Jus de pomme', 36],
      ['Sandwich jambon-beurre', 24],
      ['Sachet de bonbons', 40],
      ['Pop-corn', 48],
      ['Gaufre', 30],
    ]);
  });
});
