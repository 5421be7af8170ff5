/**
 * Two associations on one installation: both run the demo swap-meet and import the same bookings
 * file; each gets every booking (the same stall-holder booked with both is two bookings), and neither
 * sees the other's swap-meet. Real Postgres, as the service's run-time role under row-level security.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@kermesse/kit/db';
import { startHostedDatabase, type HostedDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { migrations, schema } from '../migrations/index.ts';
import { importBookings } from './commands/importBookings.ts';
import { DEMO_SWAPMEET, seedDemo } from './demo.ts';
import { bookingTotals, findSwapmeet, findSwapmeetByName } from './repositories/swapmeets.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';
const SAMPLE = new URL('../samples/vide-grenier-exemple.csv', import.meta.url);

let db: Db;
let hosted: HostedDatabase | undefined;

beforeAll(async () => {
  hosted = await startHostedDatabase({ schema, migrations });
  db = hosted.db;
}, 60_000);

afterAll(() => hosted?.close());

/** One association's demo swap-meet with the sample file imported: its id and figures. */
const runSwapmeet = (association: string, bytes: Uint8Array) =>
  withAssociation(association, async () => {
    await seedDemo({ db });
    const { id } = (await findSwapmeetByName(db, DEMO_SWAPMEET))!;
    const imported = await importBookings(db, { swapmeetId: id, fileName: 'vide-grenier-exemple.csv', bytes, dryRun: false });
    return { id, imported: imported.bookings_created, totals: await bookingTotals(db, id) };
  });

describe('two associations run their swap-meets apart', () => {
  it('imports the same file into each one’s swap-meet, and each sees only its own', async () => {
    const bytes = new Uint8Array(await readFile(SAMPLE));
    const ferry = await runSwapmeet(FERRY, bytes);
    const comite = await runSwapmeet(COMITE, bytes);
    expect(ferry.imported).toBeGreaterThan(0);
    expect(comite.imported).toBe(ferry.imported);
    expect(comite.totals).toEqual(ferry.totals);
    expect(comite.id).not.toBe(ferry.id);
    expect(await withAssociation(FERRY, () => findSwapmeet(db, comite.id))).toBeUndefined();
    expect(await withAssociation(COMITE, () => findSwapmeet(db, ferry.id))).toBeUndefined();
  });

  it('shows nothing to a connection that names no association', async () => {
    expect(await db('bookings').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
  });
});
