/** Rules of the raffle ticket picker (docs/spec.md §4, §5, §9). */

export const TICKETS_PER_PAGE = 100;
export const TICKET_COLUMNS = 10;

export const maxTicketsMessage = (max: number) => `Vous pouvez sélectionner un maximum de ${max} tickets.`;
export const NOT_ENOUGH_TICKETS_MESSAGE = "Il n'y a pas suffisamment de tickets disponibles pour compléter la sélection automatique.";

export interface SelectionResult {
  selected: number[];
  /** A message to show, when the action was refused. */
  message: string | null;
}

/** Picks or unpicks a number; a sold number is ignored, and no more than `max` may be picked. */
export function toggleTicket(selected: readonly number[], number: number, max: number, sold: ReadonlySet<number>): SelectionResult {
  if (selected.includes(number)) return { selected: selected.filter((n) => n !== number), message: null };
  if (sold.has(number)) return { selected: [...selected], message: null };
  if (selected.length >= max) return { selected: [...selected], message: maxTicketsMessage(max) };
  return { selected: [...selected, number], message: null };
}

/**
 * Completes the selection up to `max` with free numbers (1…`total`, neither sold nor picked) drawn
 * at random; when too few are free, nothing changes and the spec message says so.
 */
export function autoSelect(
  selected: readonly number[],
  max: number,
  total: number,
  sold: ReadonlySet<number>,
  random: () => number = Math.random,
): SelectionResult {
  const missing = max - selected.length;
  if (missing <= 0) return { selected: selected.slice(0, max), message: null };
  const taken = new Set(selected);
  const free: number[] = [];
  for (let number = 1; number <= total; number += 1) if (!sold.has(number) && !taken.has(number)) free.push(number);
  if (free.length < missing) return { selected: [...selected], message: NOT_ENOUGH_TICKETS_MESSAGE };
  // Partial Fisher–Yates: the first `missing` places receive a uniform random sample.
  for (let i = 0; i < missing; i += 1) {
    const j = i + Math.floor(random() * (free.length - i));
    [free[i], free[j]] = [free[j] as number, free[i] as number];
  }
  return { selected: [...selected, ...free.slice(0, missing)], message: null };
}

/** Number of pages for `total` tickets. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / TICKETS_PER_PAGE));
}

/** The numbers shown on a page (0-based). */
export function pageNumbers(page: number, total: number): number[] {
  const first = page * TICKETS_PER_PAGE + 1;
  const last = Math.min(total, first + TICKETS_PER_PAGE - 1);
  const numbers: number[] = [];
  for (let number = first; number <= last; number += 1) numbers.push(number);
  return numbers;
}

/**
 * Offline: every number of 1…`total` the register may not sell, i.e. all but the
 * numbers of its own block still free (`offered`).
 */
export function unavailableOffline(total: number, offered: readonly number[]): Set<number> {
  const mine = new Set(offered);
  const unavailable = new Set<number>();
  for (let number = 1; number <= total; number += 1) if (!mine.has(number)) unavailable.add(number);
  return unavailable;
}
