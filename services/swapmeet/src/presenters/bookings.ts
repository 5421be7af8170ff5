/** Rows → docs/spec.md §3 shapes: booking {id, name, phone, space_needed, revenue, is_payed, date_booking} and the summary. */
import { decimalAmount } from '@kermesse/contracts-common';
import type { Booking, BookingSummary, SwapMeet } from '@kermesse/contracts-swapmeet';
import type { BookingRow, BookingTotals, SwapmeetRow } from '../repositories/swapmeets.ts';

/** Euros with two decimals as text (« 15.00 »), from integer cents: the API's form of an amount. */
export const euros = decimalAmount;
/** Metres from centimetres (2.5). */
export const metres = (cm: number): number => cm / 100;

export const presentBooking = (row: Omit<BookingRow, 'id' | 'swapmeet_id'> & { id: number | null }): Booking => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  space_needed: metres(row.space_cm),
  revenue: euros(row.revenue_cents),
  is_payed: row.is_payed,
  date_booking: row.date_booking,
});

export const presentSummary = (totals: Omit<BookingTotals, 'count'>): BookingSummary => ({
  total_revenue: euros(totals.revenue_cents),
  total_space_reserved: metres(totals.space_cm),
  paid_bookings: totals.paid,
  unpaid_bookings: totals.unpaid,
});

/** Totals of a list of bookings (an import's), the same way as for stored ones. */
export function summarise(rows: { space_cm: number; revenue_cents: number; is_payed: boolean }[]): BookingSummary {
  return presentSummary({
    space_cm: rows.reduce((sum, r) => sum + r.space_cm, 0),
    revenue_cents: rows.reduce((sum, r) => sum + r.revenue_cents, 0),
    paid: rows.filter((r) => r.is_payed).length,
    unpaid: rows.filter((r) => !r.is_payed).length,
  });
}

export const presentSwapmeet = (row: SwapmeetRow & { bookings_count?: number }): SwapMeet => ({
  id: row.id,
  name: row.name,
  held_on: row.held_on,
  ...(row.bookings_count !== undefined ? { bookings_count: row.bookings_count } : {}),
});
