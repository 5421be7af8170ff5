/** Typed client of the swap-meet service (docs/spec.md §7 « Swap-meet »). Shapes from docs/openapi.json (docs/api.md §2). */
import type { Answer, Body } from '@kermesse/contracts-common/api';
import {
  BOOKINGS_LIMIT,
  type Booking,
  type BookingImportResult,
  type BookingsAnswer,
  type BookingSummary,
  type SwapMeet,
} from '@kermesse/contracts-swapmeet';
import { admin } from './http';

export { BOOKINGS_LIMIT };
export type { Booking, BookingImportResult, BookingsAnswer, BookingSummary, SwapMeet };

export const swapmeetApi = {
  /** `GET /api/swapmeet/api/bookings?swapmeet_id&limit=100`. */
  getBookings(swapmeetId: number, limit = BOOKINGS_LIMIT): Promise<Answer<'/api/swapmeet/api/bookings', 'get'>> {
    return admin.get<Answer<'/api/swapmeet/api/bookings', 'get'>>(
      `/api/swapmeet/api/bookings?swapmeet_id=${encodeURIComponent(swapmeetId)}&limit=${limit}`,
    );
  },

  /** `POST /api/swapmeet/api/import/custom-csv?dry-run=true|false` multipart {file, format='custom', swapmeet_id}. */
  importBookings(file: File, swapmeetId: number, dryRun: boolean): Promise<Answer<'/api/swapmeet/api/import/custom-csv', 'post'>> {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('format', 'custom');
    form.append('swapmeet_id', String(swapmeetId));
    return admin.upload<Answer<'/api/swapmeet/api/import/custom-csv', 'post'>>(
      `/api/swapmeet/api/import/custom-csv?dry-run=${dryRun ? 'true' : 'false'}`,
      form,
    );
  },

  /** `DELETE /api/swapmeet/api/reset-bookings/{id}` → {status, message}. */
  resetBookings(swapmeetId: number): Promise<Answer<'/api/swapmeet/api/reset-bookings/{id}', 'delete'>> {
    return admin.delete<Answer<'/api/swapmeet/api/reset-bookings/{id}', 'delete'>>(
      `/api/swapmeet/api/reset-bookings/${encodeURIComponent(swapmeetId)}`,
    );
  },

  async listSwapMeets(): Promise<Answer<'/api/swapmeet/api/swapmeets', 'get'>['data']> {
    return (await admin.get<Answer<'/api/swapmeet/api/swapmeets', 'get'>>('/api/swapmeet/api/swapmeets')).data;
  },

  async createSwapMeet(name: string, heldOn: string | null): Promise<Answer<'/api/swapmeet/api/swapmeets', 'post', 201>['data']> {
    const body: Body<'/api/swapmeet/api/swapmeets', 'post'> = { name, held_on: heldOn };
    return (await admin.post<Answer<'/api/swapmeet/api/swapmeets', 'post', 201>>('/api/swapmeet/api/swapmeets', body)).data;
  },
};
