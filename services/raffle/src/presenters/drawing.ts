import { ALGORITHM, type DrawPrize } from '@kermesse/contracts-raffle';
import type { WinnerRow } from '../repositories/drawings.ts';
import type { PrizeRow } from '../repositories/prizes.ts';
import type { RaffleDrawingRow } from '../repositories/raffles.ts';
import { illustrationUrl } from './prizes.ts';
import { raffleState } from './raffles.ts';

export const NOT_DRAWN_YET = "Le tirage au sort n'a pas encore été effectué.";

/**
 * docs/spec.md §3 drawing result: `{prize {id, name, quantity, image}, winners [{civility, firstname,
 * lastname, number}]}` per prize, in drawing order. Publicly, a winner's last name is reduced to
 * its initial (the full names stay in the administration).
 */
export function presentResults(drawnPrizes: DrawPrize[], prizes: PrizeRow[], winners: WinnerRow[], audience: 'admin' | 'public') {
  const byId = new Map(prizes.map((p) => [p.id, p]));
  return drawnPrizes.flatMap((drawn) => {
    const prize = byId.get(drawn.id);
    if (!prize) return [];
    return [
      {
        prize: { id: prize.id, name: prize.name, quantity: drawn.quantity, image: illustrationUrl(prize.illustration) },
        winners: winners
          .filter((w) => w.prize_id === prize.id)
          .map((w) => ({
            civility: null,
            firstname: w.firstname ?? '',
            lastname: audience === 'admin' ? (w.lastname ?? '') : initial(w.lastname),
            number: w.number,
            ...(audience === 'admin' ? { email: w.email, phone: w.phone } : {}),
          })),
      },
    ];
  });
}

const initial = (lastname: string | null): string => (lastname ? `${[...lastname.trim()][0]?.toUpperCase() ?? ''}.` : '');

/** Where a raffle stands in the verifiable procedure; the seed only once drawn. */
export const presentDrawingState = (raffle: RaffleDrawingRow) => ({
  raffleId: raffle.id,
  algorithm: ALGORITHM,
  state: raffleState(raffle),
  commitment: raffle.commitment,
  ticketsHash: raffle.tickets_hash,
  ticketsCount: raffle.committed_tickets?.length ?? null,
  salesClosedAt: raffle.sales_closed_at?.toISOString() ?? null,
  drawnAt: raffle.drawn_at?.toISOString() ?? null,
  seed: raffle.drawn_at ? raffle.seed_hex : null,
  proofUrl: `/api/public/raffle/${raffle.id}/drawing/proof`,
});
