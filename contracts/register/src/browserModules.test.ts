/**
 * The modules of this contract that the register screen imports at run time must not load TypeBox:
 * its builder is 48 KB of JavaScript a phone would download and run before the first sale
 *. Their schemas live in the schema modules; they take only types from them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const BROWSER_MODULES = ['errors.ts', 'mealDeal.ts', 'tillMessages.ts', 'rules.ts', 'tillLaw.ts', 'cart.ts', 'barcode.ts'];

describe('modules the register screen loads', () => {
  it.each(BROWSER_MODULES)('%s imports nothing but types from TypeBox and the schema modules', (file) => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1]);
    expect(
      valueImports.filter((from) => from === '@sinclair/typebox' || /\/(schemas|sales|till|refunds|dashboard)\.ts$/.test(from ?? '')),
    ).toEqual([]);
  });
});
