/** Rules of the gift-basket bet picker « Faites vos paris » (docs/spec.md §4, §5). */
import type { Bet } from './types';

export const DUPLICATE_BET_MESSAGE = 'Ce pari a déjà été sélectionné.';
export const WEIGHT_TAKEN_MESSAGE = 'Ce poids a déjà été choisi';
/** A row begun but not complete (docs/spec.md §5: a type and a weight > 0) is said, never dropped silently. */
export const WEIGHT_INVALID_MESSAGE = 'Le poids doit être un nombre entier de grammes supérieur à 0.';
export const TYPE_MISSING_MESSAGE = 'Choisissez le type de ce pari.';
export const WEIGHT_MISSING_MESSAGE = 'Saisissez le poids de ce pari en grammes.';

/** A row being filled: type id (null until chosen) and weight text. */
export interface BetRow {
  typeId: number | null;
  weight: string;
}

/** A sold bet: its weight (and its type, which does not matter: a weight is sold once per gift basket). */
export interface SoldBet {
  weight: number;
  typeId?: number | null;
}

/** The weight of a row as whole grams above 0, else null. */
export function rowWeight(row: BetRow): number | null {
  const text = row.weight.trim();
  if (!/^\d+$/.test(text)) return null;
  const grams = Number(text);
  return grams > 0 ? grams : null;
}

/** Is this weight already sold? A weight is sold at most once per gift basket, whatever the type. */
export function isWeightTaken(weight: number, sold: readonly SoldBet[]): boolean {
  return sold.some((bet) => bet.weight === weight);
}

export interface RowCheck {
  /** Complete: a type and a weight above 0. */
  complete: boolean;
  message: string | null;
  /** A sold or repeated weight: submitting is disabled. */
  blocksSubmit: boolean;
}

/**
 * What is wrong with row `index` among `rows`: a weight already sold, the same type and weight as
 * an earlier row (« Ce pari a déjà été sélectionné. »), or the same weight as an earlier row of
 * another type (each weight is sold once per basket).
 */
export function checkRow(rows: readonly BetRow[], index: number, sold: readonly SoldBet[]): RowCheck {
  const row = rows[index] as BetRow;
  const weight = rowWeight(row);
  const typed = row.weight.trim() !== '';
  if (!typed && row.typeId === null) return { complete: false, message: null, blocksSubmit: false };
  if (typed && weight === null) return { complete: false, message: WEIGHT_INVALID_MESSAGE, blocksSubmit: true };
  if (weight === null) return { complete: false, message: WEIGHT_MISSING_MESSAGE, blocksSubmit: true };
  if (row.typeId === null) return { complete: false, message: TYPE_MISSING_MESSAGE, blocksSubmit: true };
  if (isWeightTaken(weight, sold)) return { complete: true, message: WEIGHT_TAKEN_MESSAGE, blocksSubmit: true };
  const earlier = rows.slice(0, index).filter((other) => other.typeId !== null && rowWeight(other) === weight);
  if (earlier.some((other) => other.typeId === row.typeId)) return { complete: true, message: DUPLICATE_BET_MESSAGE, blocksSubmit: true };
  if (earlier.length > 0) return { complete: true, message: WEIGHT_TAKEN_MESSAGE, blocksSubmit: true };
  return { complete: true, message: null, blocksSubmit: false };
}

/** The bets of the complete rows, or null when a row blocks submitting or none is complete. */
export function betsFromRows(
  rows: readonly BetRow[],
  types: readonly { id: number; name: string }[],
  sold: readonly SoldBet[],
): Bet[] | null {
  const bets: Bet[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    const check = checkRow(rows, index, sold);
    if (check.blocksSubmit) return null;
    const row = rows[index] as BetRow;
    const type = types.find((item) => item.id === row.typeId);
    if (check.complete && type) bets.push({ weight: rowWeight(row) as number, type: { id: type.id, name: type.name } });
  }
  return bets.length > 0 ? bets : null;
}
