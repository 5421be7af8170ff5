import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// The register's demo catalogue (test-only dependency): every demo product must get a demo level.
import { DEMO_CATALOGUE, DEMO_EVENT as REGISTER_DEMO_EVENT } from '@kermesse/register/demo';
import { readCsv } from '@kermesse/kit/csv';
import { DEMO_EVENT, DEMO_LEVELS } from './demo.ts';
import { planInventory } from './inventory/inventoryCsv.ts';

const demoProducts = DEMO_CATALOGUE.flatMap((category) => category.products.map((p) => p.name));

describe('demo data', () => {
  it('gives a level and a threshold to every product of the register demo, a few of them in alert', () => {
    expect(DEMO_EVENT).toBe(REGISTER_DEMO_EVENT);
    const named = DEMO_LEVELS.filter((l) => l.product !== '*').map((l) => l.product);
    expect([...named].sort()).toEqual([...demoProducts].sort());
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
