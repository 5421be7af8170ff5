/**
 * The modules of this contract the loto screens import at run time must not load TypeBox (no
 * schema library in the browser — it was 93 KB of mfe-bingo's build). Their schemas live in
 * schemas.ts; they take only types from it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const BROWSER_MODULES = ['parties.ts', 'law.ts', 'money.ts', 'cartons.ts', 'plan.ts', 'errors.ts'];

describe('modules the loto screens load', () => {
  it.each(BROWSER_MODULES)('%s imports nothing but types from TypeBox and the schemas', (file) => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1]);
    expect(valueImports.filter((from) => from === '@sinclair/typebox' || /\/schemas\.ts$/.test(from ?? ''))).toEqual([]);
  });
});
