/**
 * The demo data of several services agree (`npm start` seeds them all): the stock service names a
 * level for every product of the register's demo, under the register's demo event.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE, DEMO_EVENT as REGISTER_DEMO_EVENT } from '@kermesse/register/demo';
import { DEMO_EVENT as STOCK_DEMO_EVENT, DEMO_LEVELS } from '@kermesse/stock/demo';
import { DEMO_EVENT as BINGO_DEMO_EVENT } from '@kermesse/bingo/demo';

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
});
