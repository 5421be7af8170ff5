/**
 * Gift-basket winners: for each basket (type) that was weighed, the bet on that basket whose weight
 * is closest to the real weight wins. Tie rule (two bets equally close, one below and one above):
 * the bet sold first wins (earlier sale time, then earlier registration).
 */

export interface BetForWinner {
  weight: number;
  typeId: number;
  soldAt: Date | null;
  seq: number;
}

/** The winning bet among `bets` (all on the same basket) for `realWeight`, or undefined without bets. */
export function closestBet<T extends BetForWinner>(realWeight: number, bets: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const bet of bets) {
    if (!best) {
      best = bet;
      continue;
    }
    const distance = Math.abs(bet.weight - realWeight);
    const bestDistance = Math.abs(best.weight - realWeight);
    if (distance < bestDistance || (distance === bestDistance && soldBefore(bet, best))) best = bet;
  }
  return best;
}

function soldBefore(a: BetForWinner, b: BetForWinner): boolean {
  const ta = a.soldAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const tb = b.soldAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return ta < tb || (ta === tb && a.seq < b.seq);
}
