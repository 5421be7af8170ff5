import './events.ts';
import type { Db, Trx } from '@kermesse/kit/db';
import { hostingEnabled } from '@kermesse/kit/tenancy';
import { recordBingoConfigured } from './commands/configured.ts';
import { generateCartons } from './commands/game.ts';

export const DEMO_NIGHT = 'Loto de la kermesse';

/** The register's demo event, which the demo night belongs to. */
export const DEMO_EVENT = 'Kermesse de printemps';

/**
 * The demo night: on a single install night 1 of the register's event 1 (the first event and night
 * of the install). On a host, each association's demo has its own ids (the sequences are shared by
 * every association): the night takes the next one and belongs to the association's own demo event,
 * found by name — or, before the register announced it, waits for it by name.
 */
async function insertDemoNight(trx: Trx, values: Record<string, unknown>): Promise<number> {
  if (!hostingEnabled()) {
    await trx('events').insert({ id: 1, name: DEMO_EVENT, starts_on: null }).onConflict('id').ignore();
    await trx('nights').insert({ id: 1, event_id: 1, ...values });
    await trx.raw("select setval(pg_get_serial_sequence('nights', 'id'), (select max(id) from nights))");
    return 1;
  }
  const event = (await trx('events').where({ name: DEMO_EVENT }).orderBy('id').first('id')) as { id: number } | undefined;
  const [row] = await trx('nights')
    .insert({ ...values, event_id: event?.id ?? null, awaiting_event_name: event ? null : DEMO_EVENT })
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
