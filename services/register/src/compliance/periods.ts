/**
 * The periods a closing covers (docs/compliance/conditions.md §2): days, months and years in the
 * association's time (Europe/Paris), per register and for the whole association. Pure: from the
 * money of each register's days, the closings due and their perpetual grand totals — everything
 * recorded since the first sale up to the period's end, never reset.
 */

/** Money of a period, in cents; `net` = sales − refunds. */
export interface PeriodTotals {
  salesCount: number;
  salesCents: number;
  refundsCount: number;
  refundsCents: number;
  netCents: number;
  /** Sales by payment mode at the sale (a sale on hold counts under `hold` at its total). */
  sales: { cash: number; cheque: number; card: number; hold: number };
  /** Refunds by the mode the money left in. */
  refunds: { cash: number; cheque: number; card: number };
}

/** The grand totals since the first record, never reset. */
export type PerpetualTotals = Pick<PeriodTotals, 'salesCount' | 'salesCents' | 'refundsCount' | 'refundsCents' | 'netCents'>;

/** One register's money on one day (its local date, `YYYY-MM-DD`). */
export interface DayMoney extends Omit<PeriodTotals, 'netCents'> {
  checkoutId: number;
  day: string;
}

export type PeriodKind = 'day' | 'month' | 'year';
export type ClosingScope = 'register' | 'association';

/** A closing to record: its period [start, end[, its totals and perpetual grand totals. */
export interface ClosingDraft {
  kind: PeriodKind;
  scope: ClosingScope;
  checkoutId: number | null;
  periodStart: string;
  periodEnd: string;
  totals: PeriodTotals;
  perpetual: PerpetualTotals;
}

export const PERIOD_TIME_ZONE = 'Europe/Paris';

const KIND_ORDER: Record<PeriodKind, number> = { day: 0, month: 1, year: 2 };

const emptyTotals = (): PeriodTotals => ({
  salesCount: 0,
  salesCents: 0,
  refundsCount: 0,
  refundsCents: 0,
  netCents: 0,
  sales: { cash: 0, cheque: 0, card: 0, hold: 0 },
  refunds: { cash: 0, cheque: 0, card: 0 },
});

function add(to: PeriodTotals, day: DayMoney): void {
  to.salesCount += day.salesCount;
  to.salesCents += day.salesCents;
  to.refundsCount += day.refundsCount;
  to.refundsCents += day.refundsCents;
  to.netCents = to.salesCents - to.refundsCents;
  for (const mode of ['cash', 'cheque', 'card', 'hold'] as const) to.sales[mode] += day.sales[mode];
  for (const mode of ['cash', 'cheque', 'card'] as const) to.refunds[mode] += day.refunds[mode];
}

/** The date `YYYY-MM-DD` one day after `day` (calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The period of `kind` holding `day`: its first day and the first day after it. */
export function periodOf(kind: PeriodKind, day: string): { start: string; end: string } {
  if (kind === 'day') return { start: day, end: nextDay(day) };
  const year = Number(day.slice(0, 4));
  if (kind === 'year') return { start: `${year}-01-01`, end: `${year + 1}-01-01` };
  const month = Number(day.slice(5, 7));
  const end = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start: `${day.slice(0, 7)}-01`, end };
}

/** Today's date in the association's time zone, `YYYY-MM-DD`. */
export function localDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PERIOD_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Every closing due once the day `today` has begun: each period with money in it that ended on or
 * before `today`, per register and for the association, oldest end first (a day before its month,
 * a month before its year, registers before the association) — the order they are chained in.
 */
export function closingsDue(days: readonly DayMoney[], today: string): ClosingDraft[] {
  const scopes = new Map<string, { scope: ClosingScope; checkoutId: number | null; days: DayMoney[] }>();
  for (const day of days) {
    for (const [key, scope, checkoutId] of [
      [`r${day.checkoutId}`, 'register', day.checkoutId],
      ['a', 'association', null],
    ] as const) {
      const entry = scopes.get(key) ?? { scope, checkoutId, days: [] };
      entry.days.push(day);
      scopes.set(key, entry);
    }
  }
  const drafts: ClosingDraft[] = [];
  for (const { scope, checkoutId, days: own } of scopes.values()) {
    own.sort((a, b) => a.day.localeCompare(b.day));
    const periods = new Map<string, { kind: PeriodKind; start: string; end: string; totals: PeriodTotals }>();
    for (const day of own) {
      for (const kind of ['day', 'month', 'year'] as const) {
        const { start, end } = periodOf(kind, day.day);
        const key = `${kind}${start}`;
        const period = periods.get(key) ?? { kind, start, end, totals: emptyTotals() };
        add(period.totals, day);
        periods.set(key, period);
      }
    }
    // Perpetual totals: every day of the scope before the period's end.
    const ended = [...periods.values()].filter((p) => p.end <= today).sort((a, b) => a.end.localeCompare(b.end));
    const running = emptyTotals();
    let next = 0;
    for (const period of ended) {
      while (next < own.length && own[next]!.day < period.end) add(running, own[next++]!);
      drafts.push({
        kind: period.kind,
        scope,
        checkoutId,
        periodStart: period.start,
        periodEnd: period.end,
        totals: period.totals,
        perpetual: {
          salesCount: running.salesCount,
          salesCents: running.salesCents,
          refundsCount: running.refundsCount,
          refundsCents: running.refundsCents,
          netCents: running.netCents,
        },
      });
    }
  }
  return drafts.sort(
    (a, b) =>
      a.periodEnd.localeCompare(b.periodEnd) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.scope === b.scope ? (a.checkoutId ?? 0) - (b.checkoutId ?? 0) : a.scope === 'register' ? -1 : 1),
  );
}
