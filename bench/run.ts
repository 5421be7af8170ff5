/**
 * `npm run bench [name…]`: runs every `bench/<name>.bench.ts` (or only the named ones) one after the
 * other, so their measurements do not disturb each other. Each bench starts what it needs, prints its
 * figures and cleans up.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const names = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort((a, b) => (a === 'gateway' ? -1 : b === 'gateway' ? 1 : a.localeCompare(b)))
  .filter((name) => wanted.length === 0 || wanted.includes(name));

if (names.length === 0) {
  console.error(`no bench named ${wanted.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  try {
    const module = (await import(path.join(here, `${name}.bench.ts`))) as { default: () => Promise<void> };
    await module.default();
  } catch (err) {
    failed += 1;
    console.error(`bench ${name} failed:`, err);
  }
}
// Benches may leave pooled sockets or timers behind; the figures are printed, so end here.
process.exit(failed ? 1 : 0);
