/**
 * `bingo.won`: a carton the caller checked wins the partie being played. Recorded once per night,
 * partie and carton, with its row in `wins` (a second check of the same carton records nothing), so
 * the association's tools hear of each win once (docs/webhooks.md).
 */
import '../events.ts';
import type { PartieKind } from '@kermesse/contracts-bingo';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { insertWin } from '../repositories/game.ts';
import { findNight } from '../repositories/nights.ts';
import { SOURCE } from './configured.ts';

export interface Win {
  bingoId: number;
  partie: number;
  kind: PartieKind;
  carton: string;
  cartonNumber: number;
  drawn: readonly number[];
  saleReference: string | null;
}

export async function recordWin(db: Db, win: Win): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await insertWin(trx, win))) return;
    const night = await findNight(trx, win.bingoId);
    await recordEvent(trx, SOURCE, 'bingo.won', {
      bingoId: win.bingoId,
      eventId: night?.event_id ?? null,
      partie: win.partie,
      kind: win.kind,
      carton: win.carton,
      cartonNumber: win.cartonNumber,
      ballsDrawn: win.drawn.length,
      lastBall: win.drawn.at(-1) ?? null,
      saleReference: win.saleReference,
      checkedAt: new Date().toISOString(),
    });
  });
}
