import './events.ts';
import type { Db } from '@kermesse/kit/db';
import { recordBingoConfigured } from './commands/configured.ts';
import { generateCartons } from './commands/game.ts';

export const DEMO_NIGHT = 'Loto de la kermesse';

/**
 * The demo loto night (id 1) « Loto de la kermesse »: its prizes in kind, four parties, the default
 * plan of 30 tables of 6 with a few families seated, 60 cartons, and the demo volunteer as a caller.
 * Idempotent: does nothing once a night exists.
 */
export async function seedDemo({ db }: { db: Db; password?: string }): Promise<void> {
  if (await db('nights').first('id')) return;
  const year = new Date().getFullYear();
  await db.transaction(async (trx) => {
    await trx('events').insert({ id: 1, name: 'Kermesse de printemps', starts_on: null }).onConflict('id').ignore();
    await trx('nights').insert({
      id: 1,
      event_id: 1,
      name: DEMO_NIGHT,
      held_on: `${year}-06-13`,
      place: 'Salle des fêtes',
      carton_price_cents: 300,
      caller_emails: ['benevole@kermesse.local'],
    });
    await trx.raw("select setval(pg_get_serial_sequence('nights', 'id'), (select max(id) from nights))");
    const prizes = [
      { label: 'Bon d’achat librairie 20 €', rank: 1, price_cents: 2000, cost_cents: 0, provider: 'Librairie du Marché', nature: 'bon' },
      { label: 'Panier garni', rank: 2, price_cents: 4500, cost_cents: 3000, provider: 'Épicerie Martin', nature: 'lot' },
      { label: 'Trottinette', rank: 3, price_cents: 8000, cost_cents: 6000, provider: 'Sport 2000', nature: 'lot' },
      { label: 'Tablette tactile', rank: 4, price_cents: 19900, cost_cents: 15000, provider: 'Boulanger', nature: 'lot' },
    ];
    const ids = (
      await trx('prizes')
        .insert(prizes.map((p) => ({ ...p, bingo_id: 1 })))
        .returning('id')
    ).map((r: { id: number }) => r.id);
    await trx('parties').insert([
      { bingo_id: 1, number: 1, kind: 'quine', prize_ids: [ids[0]] },
      { bingo_id: 1, number: 2, kind: 'double_quine', prize_ids: [ids[1]] },
      { bingo_id: 1, number: 3, kind: 'carton_plein', prize_ids: [ids[2]] },
      { bingo_id: 1, number: 4, kind: 'carton_plein', prize_ids: [ids[3]] },
    ]);
    const seated = [
      { table_no: 1, seat_no: 1, name: 'Famille Martin' },
      { table_no: 1, seat_no: 2, name: 'Famille Martin' },
      { table_no: 1, seat_no: 3, name: 'Famille Martin' },
      { table_no: 2, seat_no: 1, name: 'Sophie Bernard' },
      { table_no: 2, seat_no: 2, name: 'Karim Benali' },
      { table_no: 5, seat_no: 4, name: 'Jeanne Moreau' },
    ];
    await trx('reservations').insert(seated.map((s) => ({ ...s, bingo_id: 1, reserved_by: 'demo' })));
    await recordBingoConfigured(trx, 1);
  });
  await generateCartons(db, 1, 60);
}
