import './events.ts';
import type { Db, Trx } from '@kermesse/kit/db';
import { currentAssociation, SINGLE_ASSOCIATION_ID, type DemoVariant } from '@kermesse/kit/tenancy';
import { recordBingoConfigured } from './commands/configured.ts';
import { generateCartons } from './commands/game.ts';

export const DEMO_NIGHT = 'Loto de la kermesse';

/** The register's demo event, which the demo night belongs to. */
export const DEMO_EVENT = 'Kermesse de printemps';

/** The comité des fêtes' demo (hosting): the loto of its village fête, with the prizes a village gives. */
export const VILLAGE_NIGHT = 'Super loto du comité';
export const VILLAGE_EVENT = 'Fête du village';

const NIGHTS: Record<DemoVariant, { name: string; event: string; prizes: Array<Record<string, unknown>> }> = {
  school: {
    name: DEMO_NIGHT,
    event: DEMO_EVENT,
    prizes: [
      { label: 'Bon d’achat librairie 20 €', rank: 1, price_cents: 2000, cost_cents: 0, provider: 'Librairie du Marché', nature: 'bon' },
      { label: 'Panier garni', rank: 2, price_cents: 4500, cost_cents: 3000, provider: 'Épicerie Martin', nature: 'lot' },
      { label: 'Trottinette', rank: 3, price_cents: 8000, cost_cents: 6000, provider: 'Sport 2000', nature: 'lot' },
      { label: 'Tablette tactile', rank: 4, price_cents: 19900, cost_cents: 15000, provider: 'Boulanger', nature: 'lot' },
    ],
  },
  village: {
    name: VILLAGE_NIGHT,
    event: VILLAGE_EVENT,
    prizes: [
      { label: 'Filet garni', rank: 1, price_cents: 3000, cost_cents: 2000, provider: 'Épicerie du village', nature: 'lot' },
      { label: 'Demi-jambon sec', rank: 2, price_cents: 5000, cost_cents: 3500, provider: 'Charcuterie Dufour', nature: 'lot' },
      {
        label: 'Bon d’achat de 50 € à la quincaillerie',
        rank: 3,
        price_cents: 5000,
        cost_cents: 0,
        provider: 'Quincaillerie Moulin',
        nature: 'bon',
      },
      { label: 'Téléviseur 108 cm', rank: 4, price_cents: 34900, cost_cents: 28000, provider: 'Électro Centre', nature: 'lot' },
    ],
  },
};

/**
 * The demo night. Its id comes from the sequence, shared by every association of a host: night 1 on
 * a fresh install, the next one for each further association. It belongs to the association's demo
 * event, found by name in bingo's copy of the register's events; not known yet, it is the register's
 * event 1 for the install's own association (as on every single install), and for another
 * association it waits for its event by name (catalog.event.created attaches it).
 */
async function insertDemoNight(trx: Trx, event: string, values: Record<string, unknown>): Promise<number> {
  const known = (await trx('events').where({ name: event }).orderBy('id').first('id')) as { id: number } | undefined;
  let eventId = known?.id ?? null;
  if (eventId === null && currentAssociation() === SINGLE_ASSOCIATION_ID && event === DEMO_EVENT) {
    await trx('events').insert({ id: 1, name: DEMO_EVENT, starts_on: null }).onConflict('id').ignore();
    eventId = 1;
  }
  const [row] = await trx('nights')
    .insert({ ...values, event_id: eventId, awaiting_event_name: eventId === null ? event : null })
    .returning('id');
  return (row as { id: number }).id;
}

/**
 * The demo loto night « Loto de la kermesse »: its prizes in kind, four parties, the default plan of
 * 30 tables of 6 with a few families seated, 60 cartons, and the demo volunteer as a caller.
 * Idempotent: does nothing once a night exists. The `village` variant (a comité des fêtes, hosting
 * demo) is its « Super loto du comité » of the « Fête du village », with a village's prizes.
 */
export async function seedDemo({ db, variant = 'school' }: { db: Db; password?: string; variant?: DemoVariant }): Promise<void> {
  if (await db('nights').first('id')) return;
  const year = new Date().getFullYear();
  const night = NIGHTS[variant];
  const nightId = await db.transaction(async (trx) => {
    const nightId = await insertDemoNight(trx, night.event, {
      name: night.name,
      held_on: `${year}-06-13`,
      place: 'Salle des fêtes',
      carton_price_cents: 300,
      caller_emails: ['benevole@kermesse.local'],
    });
    const ids = (
      await trx('prizes')
        .insert(night.prizes.map((p) => ({ ...p, bingo_id: nightId })))
        .returning('id')
    ).map((r: { id: number }) => r.id);
    await trx('parties').insert([
      { bingo_id: nightId, number: 1, kind: 'quine', prize_ids: [ids[0]] },
      { bingo_id: nightId, number: 2, kind: 'double_quine', prize_ids: [ids[1]] },
      { bingo_id: nightId, number: 3, kind: 'carton_plein', prize_ids: [ids[2]] },
      { bingo_id: nightId, number: 4, kind: 'carton_plein', prize_ids: [ids[3]] },
    ]);
    const seated = [
      { table_no: 1, seat_no: 1, name: 'Famille Martin' },
      { table_no: 1, seat_no: 2, name: 'Famille Martin' },
      { table_no: 1, seat_no: 3, name: 'Famille Martin' },
      { table_no: 2, seat_no: 1, name: 'Sophie Bernard' },
      { table_no: 2, seat_no: 2, name: 'Karim Benali' },
      { table_no: 5, seat_no: 4, name: 'Jeanne Moreau' },
    ];
    await trx('reservations').insert(seated.map((s) => ({ ...s, bingo_id: nightId, reserved_by: 'demo' })));
    await recordBingoConfigured(trx, nightId);
    return nightId;
  });
  await generateCartons(db, nightId, 60);
}
