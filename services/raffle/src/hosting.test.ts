/**
 * Two associations on one installation (docs/keys-per-association.md): each chooses its own featured
 * raffle and banner, sells its own ticket no 1, and sees only its own raffles and events. Real
 * Postgres, as the service's run-time role under row-level security.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@kermesse/kit/db';
import { startHostedDatabase, type HostedDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { migrations, schema } from '../migrations/index.ts';
import { chooseFeatured } from './commands/chooseFeatured.ts';
import { claimTicketsAndBets } from './commands/claimTicketsAndBets.ts';
import { createRaffle } from './commands/createRaffle.ts';
import { DEMO_RAFFLE, seedDemo } from './demo.ts';
import { listEvents, upsertEvent } from './repositories/events.ts';
import { findFeatured } from './repositories/featured.ts';
import { listTakenNumbers } from './repositories/raffles.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';

let db: Db;
let hosted: HostedDatabase | undefined;

beforeAll(async () => {
  hosted = await startHostedDatabase({ schema, migrations });
  db = hosted.db;
}, 60_000);

afterAll(() => hosted?.close());

/** One association's raffle: its event, the raffle, the banner chosen, ticket no 1 held at the till. */
function runRaffle(association: string, name: string, eventId: number) {
  return withAssociation(association, async () => {
    await upsertEvent(db, { id: eventId, name, startsOn: '2026-06-20' });
    const raffleId = await createRaffle(db, { tiers: [{ nb: 1, priceCents: 200 }], eventId, name: `Tombola ${name}` });
    await chooseFeatured(db, { raffleId, bannerShown: true, bannerTitle: `Grande tombola ${name}`, bannerText: 'Tirage à 18 h' });
    await claimTicketsAndBets(db, { claimId: randomUUID(), tickets: [{ raffleId, number: 1 }], bets: [] }, 60_000);
    return raffleId;
  });
}

describe('two associations run their raffles apart', () => {
  it('each features its own raffle and sells its own ticket no 1, seeing nothing of the other', async () => {
    const ferryRaffle = await runRaffle(FERRY, 'Kermesse Jules Ferry', 301);
    const comiteRaffle = await runRaffle(COMITE, 'Fête du village', 302);

    for (const [association, raffleId, name] of [
      [FERRY, ferryRaffle, 'Kermesse Jules Ferry'],
      [COMITE, comiteRaffle, 'Fête du village'],
    ] as const) {
      await withAssociation(association, async () => {
        expect(await findFeatured(db)).toMatchObject({ raffle_id: raffleId, banner_shown: true, banner_title: `Grande tombola ${name}` });
        expect(await listTakenNumbers(db, raffleId)).toEqual([1]);
        expect((await listEvents(db)).map((e) => e.name)).toEqual([name]);
        expect((await db('raffles').select('name')).map((r) => r.name)).toEqual([`Tombola ${name}`]);
      });
    }
    // Another association's raffle does not exist here: it cannot be featured.
    await expect(
      withAssociation(FERRY, () => chooseFeatured(db, { raffleId: comiteRaffle, bannerShown: false, bannerTitle: '', bannerText: '' })),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('seeds the demo raffle in each association, each featuring its own', async () => {
    // Two associations that have chosen nothing yet (the demo never replaces a choice made).
    const fresh = ['3a8e1f60-5d2b-4c7a-8e93-1b4f6d0c2e33', '9c2d4b71-6e3f-4a8b-9d04-2c5e7f1a3b44'];
    for (const association of fresh) await withAssociation(association, () => seedDemo({ db }));
    for (const association of fresh) {
      await withAssociation(association, async () => {
        const demo = (await db('raffles').where({ name: DEMO_RAFFLE }).first('id')) as { id: number };
        expect((await findFeatured(db))?.raffle_id).toBe(demo.id);
      });
    }
  });

  it('shows nothing to a connection that names no association', async () => {
    expect(await db('featured_raffle').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
    expect(await db('tickets').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
  });
});
