/**
 * The night as it is played: balls called (from the cage or drawn with a CSPRNG), undo, pause,
 * next partie, the board the projector shows, the cartons and the win check.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import {
  checkCarton,
  generateGrid,
  gridKey,
  LINES_FOR_KIND,
  parseCartonCode,
  PARTIE_LABELS,
  tieBreak,
  type Board,
  type CartonPage,
  type CartonRange,
  type CheckResult,
  type TieBreak,
} from '@kermesse/contracts-bingo';
import { bingoBadRequest, bingoConflict, bingoNotFound, cartonNotFound } from '../errors.ts';
import { bumpBoard, findNight, lockNight } from '../repositories/nights.ts';
import { listPrizes } from '../repositories/prizes.ts';
import {
  cartonCount,
  copyBalls,
  type CartonRow,
  deleteBall,
  deleteBalls,
  existingGridKeys,
  findCarton,
  insertBall,
  insertCartons,
  listBalls,
  listCartons,
  listParties,
} from '../repositories/game.ts';
import { presentCarton, presentPartie } from '../presenters/index.ts';
import type { BoardHub } from '../boardHub.ts';
import { recordBingoConfigured } from './configured.ts';
import { recordWin } from './recordWin.ts';

const csprng = (max: number) => randomInt(max);

export async function readBoard(db: Db, bingoId: number): Promise<Board> {
  const night = await findNight(db, bingoId);
  if (!night) throw bingoNotFound();
  const [parties, prizes, drawn] = await Promise.all([
    listParties(db, bingoId),
    listPrizes(db, bingoId),
    listBalls(db, bingoId, night.current_partie),
  ]);
  const current = parties.find((p) => p.number === night.current_partie);
  return {
    bingoId,
    name: night.name,
    lastNumber: drawn.length ? drawn[drawn.length - 1]! : null,
    drawn,
    paused: night.paused,
    partie: current ? presentPartie(current, prizes) : null,
    partiesCount: parties.length,
    version: Number(night.board_version),
  };
}

/** Enters a ball (or draws one); refused when paused, already out, or all 90 are out. */
export async function callBall(db: Db, hub: BoardHub, bingoId: number, input: { number?: number; draw?: boolean }): Promise<Board> {
  if (input.number === undefined && !input.draw) throw bingoBadRequest('NUMBER_REQUIRED');
  await db.transaction(async (trx) => {
    const night = await lockNight(trx, bingoId);
    if (!night) throw bingoNotFound();
    if (night.paused) throw bingoConflict('GAME_PAUSED');
    const drawn = await listBalls(trx, bingoId, night.current_partie);
    if (drawn.length >= 90) throw bingoConflict('NO_BALL_LEFT');
    let number = input.number;
    if (number === undefined) {
      const left = Array.from({ length: 90 }, (_, i) => i + 1).filter((n) => !drawn.includes(n));
      number = left[csprng(left.length)]!;
    }
    if (drawn.includes(number)) throw bingoConflict('BALL_ALREADY_DRAWN', { number });
    await insertBall(trx, bingoId, night.current_partie, drawn.length + 1, number);
    await bumpBoard(trx, bingoId);
  });
  hub.notify(bingoId);
  return readBoard(db, bingoId);
}

export async function undoBall(db: Db, hub: BoardHub, bingoId: number): Promise<Board> {
  await db.transaction(async (trx) => {
    const night = await lockNight(trx, bingoId);
    if (!night) throw bingoNotFound();
    const drawn = await listBalls(trx, bingoId, night.current_partie);
    if (!drawn.length) throw bingoConflict('NO_BALL_TO_UNDO');
    await deleteBall(trx, bingoId, night.current_partie, drawn.length);
    await bumpBoard(trx, bingoId);
  });
  hub.notify(bingoId);
  return readBoard(db, bingoId);
}

export async function pauseGame(db: Db, hub: BoardHub, bingoId: number, paused: boolean): Promise<Board> {
  await db.transaction(async (trx) => {
    if (!(await lockNight(trx, bingoId))) throw bingoNotFound();
    await bumpBoard(trx, bingoId, { paused });
  });
  hub.notify(bingoId);
  return readBoard(db, bingoId);
}

/** Moves to the next partie, with the same balls (quine → double quine → carton plein) or a new draw. */
export async function nextPartie(db: Db, hub: BoardHub, bingoId: number, keepBalls: boolean): Promise<Board> {
  await db.transaction(async (trx) => {
    const night = await lockNight(trx, bingoId);
    if (!night) throw bingoNotFound();
    const parties = await listParties(trx, bingoId);
    const next = night.current_partie + 1;
    if (next > parties.length) throw bingoConflict('NO_NEXT_PARTIE');
    await deleteBalls(trx, bingoId, next);
    if (keepBalls) await copyBalls(trx, bingoId, night.current_partie, next);
    await bumpBoard(trx, bingoId, { current_partie: next, paused: false });
  });
  hub.notify(bingoId);
  return readBoard(db, bingoId);
}

/** Generates `count` more cartons, all valid and all distinct, numbered after the existing ones. */
export async function generateCartons(db: Db, bingoId: number, count: number): Promise<CartonRange> {
  return db.transaction(async (trx) => {
    if (!(await lockNight(trx, bingoId))) throw bingoNotFound();
    const start = await cartonCount(trx, bingoId);
    const keys = await existingGridKeys(trx, bingoId);
    const rows = [];
    while (rows.length < count) {
      const grid = generateGrid(csprng);
      const key = gridKey(grid);
      if (keys.has(key)) continue;
      keys.add(key);
      rows.push({ bingo_id: bingoId, number: start + rows.length + 1, grid, grid_key: key });
    }
    await insertCartons(trx, rows);
    // The register learns the new cartons can be sold.
    await recordBingoConfigured(trx, bingoId);
    return { from: start + 1, to: start + count };
  });
}

export async function readCartons(db: Db, bingoId: number, from = 1, to = from + 599): Promise<CartonPage> {
  if (!(await findNight(db, bingoId))) throw bingoNotFound();
  return { cartons: (await listCartons(db, bingoId, from, to)).map(presentCarton), total: await cartonCount(db, bingoId) };
}

async function cartonByCode(db: Db, bingoId: number, code: string) {
  const parsed = parseCartonCode(code);
  if (parsed === 'bad-digit') throw bingoBadRequest('CARTON_CHECK_DIGIT');
  if (!parsed) throw cartonNotFound();
  const carton = await findCarton(db, bingoId, parsed.number);
  if (!carton) throw cartonNotFound();
  return carton;
}

export const REFUNDED_MESSAGE = 'Carton remboursé : il ne peut pas gagner.';

/** Who bought the carton at the register, when it was sold there (« linked to the buyer when known »). */
function soldTo(carton: CartonRow): string {
  if (!carton.sold) return '';
  const contact = [carton.buyer_email, carton.buyer_phone].filter(Boolean).join(', ');
  if (carton.buyer_name) return ` Carton vendu à ${carton.buyer_name}${contact ? ` (${contact})` : ''}.`;
  return ' Carton vendu en caisse (acheteur non identifié).';
}

/** Is the quine / double quine / carton plein real with the balls called so far? */
export async function checkWin(db: Db, bingoId: number, code: string): Promise<CheckResult> {
  const board = await readBoard(db, bingoId);
  const carton = await cartonByCode(db, bingoId, code);
  const check = checkCarton(carton.grid, board.drawn);
  const kind = board.partie?.kind ?? 'carton_plein';
  if (carton.voided) {
    // Refunded at the register (sale.refunded): the buyer may still hold the paper, it cannot win.
    const sale = carton.sale_reference
      ? ` (carton ${presentCarton(carton).code}, vente ${carton.sale_reference})`
      : ` (carton ${presentCarton(carton).code})`;
    return { carton: presentCarton(carton), ...check, wins: false, message: `${REFUNDED_MESSAGE}${sale}` };
  }
  const wins = check.linesComplete >= LINES_FOR_KIND[kind];
  if (wins && board.partie) {
    await recordWin(db, {
      bingoId,
      partie: board.partie.number,
      kind,
      carton: presentCarton(carton).code,
      cartonNumber: carton.number,
      drawn: board.drawn,
      saleReference: carton.sale_reference ?? null,
    });
  }
  const label = PARTIE_LABELS[kind].toLowerCase();
  const message = wins
    ? `Carton ${presentCarton(carton).code} : ${label} valide${check.lastBallOnCarton ? ', la dernière boule est sur le carton' : ", mais la dernière boule n'est pas sur le carton"}.`
    : `Carton ${presentCarton(carton).code} : pas de ${label} (${check.linesComplete} ligne(s) complète(s), ${check.missing.length} numéro(s) manquant(s)).`;
  return { carton: presentCarton(carton), ...check, wins, message: message + soldTo(carton) };
}

/** Several cartons win at the same ball: each draws a ball (CSPRNG), the highest wins. */
export async function drawTieBreak(db: Db, bingoId: number, codes: string[]): Promise<TieBreak> {
  const cartons = [];
  for (const code of codes) cartons.push(presentCarton(await cartonByCode(db, bingoId, code)).code);
  if (new Set(cartons).size !== cartons.length) throw bingoBadRequest('CARTON_LISTED_TWICE');
  const { draws, winner } = tieBreak(cartons, csprng);
  return { draws: draws.map((d) => ({ carton: d.carton, ball: d.ball })), winner };
}
