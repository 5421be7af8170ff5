/**
 * The front ends share react-router through `reactRouterShared.js` (only the names they use, so the
 * register page does not download the whole package). Every name a front end imports from
 * `react-router` must be in it, or that screen would get `undefined` in the built app.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const HERE = import.meta.dirname;
const ROOT = join(HERE, '..', '..', '..');

function sources(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) files.push(...sources(file));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/testing/.test(file)) files.push(file);
  }
  return files;
}

const names = (list: string) =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && !item.startsWith('type '))
    .map((item) => item.split(/\s+as\s+/)[0]!.trim());

describe('react-router shared by the front ends', () => {
  it('offers every name the front ends import from react-router', () => {
    const shared = readFileSync(join(HERE, '..', 'reactRouterShared.js'), 'utf8');
    const offered = new Set(names(/export \{([^}]*)\}/.exec(shared)![1]!));
    const roots = [
      'shell/src',
      'shell/ui-kit/src',
      ...readdirSync(ROOT)
        .filter((dir) => dir.startsWith('mfe-'))
        .map((dir) => `${dir}/src`),
    ];
    const used = new Set<string>();
    for (const file of roots.flatMap((dir) => sources(join(ROOT, dir)))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router'/g)) {
        if (!match[1]) for (const name of names(match[2]!)) used.add(name);
      }
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !offered.has(name))).toEqual([]);
  });
});
