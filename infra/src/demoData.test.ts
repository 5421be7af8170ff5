/**
 * The demo data of several services agree (`npm start` seeds them all): the stock service names a
 * level for every product of the register's demo, under the register's demo event.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE, DEMO_EVENT as REGISTER_DEMO_EVENT, VILLAGE_CATALOGUE, VILLAGE_EVENT } from '@kermesse/register/demo';
import { DEMO_EVENT as STOCK_DEMO_EVENT, DEMO_LEVELS, VILLAGE_EVENT as STOCK_VILLAGE_EVENT, VILLAGE_LEVELS } from '@kermesse/stock/demo';
import { DEMO_EVENT as BINGO_DEMO_EVENT, VILLAGE_EVENT as BINGO_VILLAGE_EVENT } from '@kermesse/bingo/demo';
import { VILLAGE_EVENT_NAME as RAFFLE_VILLAGE_EVENT } from '@kermesse/raffle/demo';

describe('demo data across services', () => {
  it('gives a stock level and a threshold to every product of the register demo, in its demo event', () => {
    expect(STOCK_DEMO_EVENT).toBe(REGISTER_DEMO_EVENT);
    const products = DEMO_CATALOGUE.flatMap((category) => category.products.map((p) => p.name));
    const named = DEMO_LEVELS.filter((l) => l.product !== '*').map((l) => l.product);
    expect([...named].sort()).toEqual([...products].sort());
  });

  it('puts the loto demo night in the register demo event, found by its name on a host', () => {
    expect(BINGO_DEMO_EVENT).toBe(REGISTER_DEMO_EVENT);
  });

  it('gives the comité des fêtes (hosting demo) its village fête in every service', () => {
    expect([STOCK_VILLAGE_EVENT, BINGO_VILLAGE_EVENT, RAFFLE_VILLAGE_EVENT]).toEqual([VILLAGE_EVENT, VILLAGE_EVENT, VILLAGE_EVENT]);
    expect(VILLAGE_EVENT).not.toBe(REGISTER_DEMO_EVENT);
    const village = VILLAGE_CATALOGUE.flatMap((category) => category.products.map((p) => p.name));
    expect(village).toEqual(expect.arrayContaining(['Sandwich merguez', 'Crêpe au sucre', 'Bière pression', 'Café']));
    // Every level the stock names is a product of the village fête.
    for (const level of VILLAGE_LEVELS) if (level.product !== '*') expect(village).toContain(level.product);
    expect(VILLAGE_LEVELS.some((l) => l.product === '*')).toBe(true);
  });
});
