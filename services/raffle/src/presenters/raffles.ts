import { toEuros as centsToEuros } from '@kermesse/contracts-common';
import { ACCOUNTS_THRESHOLD_CENTS, COST_RATIO_LIMIT_PERCENT, type LawPanel } from '../rules/lawPanel.ts';
import type { Tier } from '../rules/tierRules.ts';
import type { RaffleRow } from '../repositories/raffles.ts';

/** docs/spec.md §3 ticket price tier `{nb, p}` (p in euros). */
export const presentTiers = (tiers: Tier[]) => tiers.map((t) => ({ nb: t.nb, p: centsToEuros(t.priceCents) }));

export type RaffleState = 'open' | 'closed' | 'drawn';

export const raffleState = (row: Pick<RaffleRow, 'sales_closed_at' | 'drawn_at'>): RaffleState =>
  row.drawn_at ? 'drawn' : row.sales_closed_at ? 'closed' : 'open';

/** A raffle for the administration screens. */
export const presentRaffle = (row: RaffleRow, figures: { sold: number; held: number; revenueCents: number }, tiers?: Tier[]) => ({
  id: row.id,
  name: row.name,
  eventId: row.event_id,
  eventName: row.event_name ?? row.awaiting_event_name,
  eventKnown: row.event_id !== null,
  tickets: row.total_tickets,
  sold: figures.sold,
  held: figures.held,
  revenue: centsToEuros(figures.revenueCents),
  state: raffleState(row),
  salesClosedAt: row.sales_closed_at?.toISOString() ?? null,
  drawnAt: row.drawn_at?.toISOString() ?? null,
  ...(tiers ? { price: presentTiers(tiers) } : {}),
});

/** The French-law panel in euros, with what the tickets issued are worth (the mayor's file depends on it). */
export const presentLawPanel = (panel: LawPanel, issued: { tickets: number; valueCents: number | null }) => ({
  totalValue: centsToEuros(panel.totalValueCents),
  totalCost: centsToEuros(panel.totalCostCents),
  ticketRevenue: centsToEuros(panel.ticketRevenueCents),
  costRatio: panel.costRatioPercent,
  limit: COST_RATIO_LIMIT_PERCENT,
  ticketsIssued: issued.tickets,
  ticketsIssuedValue: issued.valueCents === null ? null : centsToEuros(issued.valueCents),
  accountsThreshold: centsToEuros(ACCOUNTS_THRESHOLD_CENTS),
  warnings: panel.warnings,
});
