import './events.ts';
import type { Db, Trx } from '@kermesse/kit/db';
import { currentAssociation, SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';
import { recordBingoConfigured } from './commands/configured.ts';
import { generateCartons } from './commands/game.ts';

export const DEMO_NIGHT = 'Loto de la kermesse';

/** The register's demo event, which the demo night belongs to. */
export const DEMO_EVENT = 'Kermesse de printemps';

/**
 * The demo night. Its id comes from the sequence, shared by every association of a host: night 1 on
 * a fresh install, the next one for each further association. It belongs to the association's demo
 * event, found by name in bingo's copy of the register's events; not known yet, it is the register's
 * event 1 for the install's own association (as on every single install), and for another
 * association it waits for its event by name (catalog.event.created attaches it).
 */
async function insertDemoNight(trx: Trx, values: Record<string, unknown>): Promise<number> {
  const known = (await trx('events').where({ name: DEMO_EVENT }).orderBy('id').first('id')) as { id: number } | undefined;
  let eventId = known?.id ?? null;
  if (eventId === null && currentAssociation() === SINGLE_ASSOCIATION_ID) {
    await trx('events').insert({ id: 1, name: DEMO_EVENT, starts_on: null }).onConflict('id').ignore();
    eventId = 1;
  }
  const [row] = await trx('nights')
    .insert({ ...values, event_id: eventId, awaiting_event_name: eventId === null ? DEMO_EVENT : null })
    .returning('id');
  return (row as { id: number }).id;
}

/**
 * The demo loto night « Loto de la kermesse »: its prizes in kind, four parties, the default plan of
 * 30 tables of 6 with a few families seated, 60 cartons, and the demo volunteer as a caller.
 * Idempotent: does nothing once a night exists.
 */
export async function seedDemo({ db }: { db: Db; password?: string }): Promise<void> {
  if (await db('nights').first('id')) return;
  const year = new Date().getFullYear();
  const nightId = await db.transaction(async (trx) => {
    const nightId = await insertDemoNight(trx, {
      name: DEMO_NIGHT,
      held_on: `${year}-06-13`,
      place: 'Salle des fêtes',
      carton_price_cents: 300,
      caller_emails: ['benevole@kermesse.local'],
    });
    const prizes = [
      { label: 'Bon d’achat librairie 20 €', rank: 1, price_cents: 2000, cost_cents: 0, provider: 'Librairie du Marché', nature: 'bon' },
      { label: 'Panier garni', rank: 2, price_cents: 4500, cost_cents: 3000, provider: 'Épicerie Martin', nature: 'lot' },
      { label: 'Trottinette', rank: 3, price_cents: 8000, cost_cents: 6000, provider: 'Sport 2000', nature: 'lot' },
      { label: 'Tablette tactile', rank: 4, price_cents: 19900, cost_cents: 15000, provider: 'Boulanger', nature: 'lot' },
    ];
    const ids = (
      await trx('prizes')
        .insert(prizes.map((p) => ({ ...p, bingo_id: nightId })))
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
