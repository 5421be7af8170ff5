/**
 * What the raffle routes answer (SPEC §3, §7), as the service presents it and the remote reads it.
 * Amounts are euros (JSON numbers, two decimals at most); weights are grams.
 */
import type { FeaturedBody } from './schemas.ts';

/** A ticket price tier (SPEC §3): `nb` tickets for `p` euros. */
export interface Tier {
  nb: number;
  p: number;
}

export interface EventSummary {
  id: number;
  name: string;
  startsOn: string | null;
}

export interface LawPanel {
  totalValue: number;
  totalCost: number;
  ticketRevenue: number;
  /** Percent, one decimal; null before any ticket is sold. */
  costRatio: number | null;
  limit: number;
  warnings: string[];
}

export interface RaffleSummary {
  id: number;
  name: string;
  eventId: number | null;
  eventName: string | null;
  eventKnown: boolean;
  tickets: number;
  sold: number;
  held: number;
  revenue: number;
  state: 'open' | 'closed' | 'drawn';
  salesClosedAt: string | null;
  drawnAt: string | null;
}

export interface RaffleDetails extends RaffleSummary {
  price: Tier[];
  law: LawPanel;
}

/** SPEC §3 raffle prize, as the service presents it. */
export interface Prize {
  id: number;
  raffleId: number;
  name: string;
  label: string;
  weight: number;
  rank: number;
  price: number;
  cost: number;
  provider: string;
  quantity: number;
  alcohol: boolean;
  Alcohol: boolean;
  illustration: string | null;
  image: string | null;
}

/** What the prize forms send (SPEC §7: name, weight, price, quantity, alcohol — plus cost and provider). */
export interface PrizeDraft {
  name: string;
  weight: number | string;
  price: number | string;
  quantity: number | string;
  alcohol: boolean;
  cost?: number | string;
  provider?: string;
}

export interface DrawingWinner {
  civility: string | null;
  firstname: string;
  lastname: string;
  number: number;
  email?: string | null;
  phone?: string | null;
}

/** SPEC §3 drawing result. */
export interface DrawingResult {
  prize: { id: number; name: string; quantity: number; image: string | null };
  winners: DrawingWinner[];
}

export interface DrawingState {
  raffleId: number;
  algorithm: string;
  state: 'open' | 'closed' | 'drawn';
  commitment: string | null;
  ticketsHash: string | null;
  ticketsCount: number | null;
  salesClosedAt: string | null;
  drawnAt: string | null;
  seed: string | null;
  proofUrl: string;
}

export interface DrawingAnswer {
  success: boolean;
  data: DrawingResult[];
  drawing?: DrawingState;
  message?: string;
  raffle?: { id: number; name: string; eventName?: string | null; drawnAt: string | null } | null;
}

export interface Presale {
  id: number;
  name: string;
  eventName: string | null;
  eventDate: string | null;
  tickets: number;
  remaining: number;
  price: Tier[];
  prizes: Array<{ id: number; name: string; rank: number; quantity: number; price: number; alcohol: boolean; image: string | null }>;
}

/** The raffle the public pages show and the home banner, as the administration edits them. */
export interface FeaturedSettings {
  raffleId: number | null;
  raffle: { id: number; name: string; eventName: string | null; state: RaffleSummary['state'] } | null;
  bannerShown: boolean;
  bannerTitle: string;
  bannerText: string;
  updatedAt: string | null;
}

/** SPEC §3 gift basket type: a basket to win, with its value. */
export interface BasketType {
  id: number;
  name: string;
  price: number;
  realWeight: number | null;
  weighedAt: string | null;
}

export interface GiftBasketSummary {
  id: number;
  name: string;
  eventId: number | null;
  eventName: string | null;
  eventKnown: boolean;
  types: BasketType[];
  sold: number;
  revenue: number;
  price?: Tier[];
}

/** SPEC §3 basket winner: id, label, result (weigh, person). */
export interface BasketWinner {
  id: number;
  label: string;
  realWeight: number | null;
  result: {
    weigh: number;
    person: {
      id: number | null;
      civility: string | null;
      firstname: string | null;
      lastname: string | null;
      email: string | null;
      phone: string | null;
    };
  } | null;
}

/** What the featured-raffle form sends (`PUT /api/admin/raffles/featured`). */
export type FeaturedChoice = FeaturedBody;
