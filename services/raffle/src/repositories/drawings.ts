import type { Db } from '@kermesse/kit/db';

export interface WinnerRow {
  position: number;
  prize_id: number;
  number: number;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
}

/** The winners of a raffle in drawing order, with the holder of each winning ticket. */
export const listWinners = (db: Db, raffleId: number): Promise<WinnerRow[]> =>
  db('drawing_winners as w')
    .leftJoin('tickets as t', function joinTicket() {
      this.on('t.raffle_id', '=', 'w.raffle_id').andOn('t.number', '=', 'w.number');
    })
    .where('w.raffle_id', raffleId)
    .select('w.position', 'w.prize_id', 'w.number', 't.firstname', 't.lastname', 't.email', 't.phone')
    .orderBy('w.position');

/** The most recently drawn raffle (the public results page without an id). */
export async function latestDrawnRaffleId(db: Db): Promise<number | undefined> {
  const row = await db('raffles').whereNotNull('drawn_at').orderBy('drawn_at', 'desc').first('id');
  return (row as { id: number } | undefined)?.id;
}
