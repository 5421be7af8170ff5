/**
 * Two associations on one installation: each gets the demo loto night, its cartons numbered from 1
 * and its own seat plan; the night waits for the association's own demo event (its id is the
 * register's, different in each) and joins it when the register announces it. Neither sees the
 * other's night. Real Postgres, as the service's run-time role under row-level security.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@kermesse/kit/db';
import { startHostedDatabase, type HostedDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { migrations, schema } from '../migrations/index.ts';
import { learnEvent } from './consumers/index.ts';
import { DEMO_EVENT, DEMO_NIGHT, seedDemo } from './demo.ts';
import { listNights } from './repositories/nights.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';

let db: Db;
let hosted: HostedDatabase | undefined;

beforeAll(async () => {
  hosted = await startHostedDatabase({ schema, migrations });
  db = hosted.db;
}, 60_000);

afterAll(() => hosted?.close());

/** What one association sees of its loto nights: name, event, cartons numbered, seats taken. */
const nightsOf = (association: string) =>
  withAssociation(association, async () =>
    Promise.all(
      (await listNights(db)).map(async (night) => ({
        name: night.name,
        eventId: night.event_id,
        cartons: (await db('cartons').where({ bingo_id: night.id }).orderBy('number').pluck('number')) as number[],
        seats: Number((await db('reservations').where({ bingo_id: night.id }).count<{ count: number }[]>('* as count'))[0]!.count),
      })),
    ),
  );

describe('two associations hold their loto nights apart', () => {
  it('seeds each one’s demo night with cartons 1 to 60, joined to its own demo event once announced', async () => {
    // The school's register announced its fair before the demo ran; the comité's comes afterwards.
    await withAssociation(FERRY, () => db.transaction((trx) => learnEvent(trx, { eventId: 501, name: DEMO_EVENT, startsOn: null })));
    for (const association of [FERRY, COMITE, FERRY, COMITE]) await withAssociation(association, () => seedDemo({ db }));
    await withAssociation(COMITE, () => db.transaction((trx) => learnEvent(trx, { eventId: 502, name: DEMO_EVENT, startsOn: null })));

    const numbers = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(await nightsOf(FERRY)).toEqual([{ name: DEMO_NIGHT, eventId: 501, cartons: numbers, seats: 6 }]);
    expect(await nightsOf(COMITE)).toEqual([{ name: DEMO_NIGHT, eventId: 502, cartons: numbers, seats: 6 }]);
  });

  it('shows nothing to a connection that names no association', async () => {
    expect(await db('nights').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
    expect(await db('cartons').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
  });
});
