/** Typed client of the swap-meet service (docs/spec.md §7 « Swap-meet »). Shapes from @kermesse/contracts-swapmeet. */
import {
  BOOKINGS_LIMIT,
  type Booking,
  type BookingImportResult,
  type BookingsAnswer,
  type BookingSummary,
  type NewSwapmeetInput,
  type ResetAnswer,
  type SwapMeet,
  type SwapmeetAnswer,
  type SwapmeetsAnswer,
} from '@kermesse/contracts-swapmeet';
import { admin } from './http';

export { BOOKINGS_LIMIT };
export type { Booking, BookingImportResult, BookingsAnswer, BookingSummary, SwapMeet };

export const swapmeetApi = {
  /** `GET /api/swapmeet/api/bookings?swapmeet_id&limit=100`. */
  getBookings(swapmeetId: number, limit = BOOKINGS_LIMIT): Promise<BookingsAnswer> {
    return admin.get<BookingsAnswer>(`/api/swapmeet/api/bookings?swapmeet_id=${encodeURIComponent(swapmeetId)}&limit=${limit}`);
  },

  /** `POST /api/swapmeet/api/import/custom-csv?dry-run=true|false` multipart {file, format='custom', swapmeet_id}. */
  importBookings(file: File, swapmeetId: number, dryRun: boolean): Promise<BookingImportResult> {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('format', 'custom');
    form.append('swapmeet_id', String(swapmeetId));
    return admin.upload<BookingImportResult>(`/api/swapmeet/api/import/custom-csv?dry-run=${dryRun ? 'true' : 'false'}`, form);
  },

  /** `DELETE /api/swapmeet/api/reset-bookings/{id}` → {status, message}. */
  resetBookings(swapmeetId: number): Promise<ResetAnswer> {
    return admin.delete<ResetAnswer>(`/api/swapmeet/api/reset-bookings/${encodeURIComponent(swapmeetId)}`);
  },

  async listSwapMeets(): Promise<SwapMeet[]> {
    return (await admin.get<SwapmeetsAnswer>('/api/swapmeet/api/swapmeets')).data;
  },

  async createSwapMeet(name: string, heldOn: string | null): Promise<SwapMeet> {
    const body: NewSwapmeetInput = { name, held_on: heldOn };
    return (await admin.post<SwapmeetAnswer>('/api/swapmeet/api/swapmeets', body)).data;
  },
};
