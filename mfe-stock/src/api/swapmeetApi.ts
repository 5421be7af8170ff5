/** Typed client of the swap-meet service (SPEC §7 « Swap-meet »). */
import { admin, postForm } from './http';

/** SPEC §9: the bookings list shows 100 bookings. */
export const BOOKINGS_LIMIT = 100;

export interface SwapMeet {
  id: number;
  name: string;
  held_on: string | null;
  bookings_count?: number;
}

/** SPEC §3 « Swap-meet booking ». */
export interface Booking {
  id: number | null;
  name: string;
  phone: string;
  /** Metres. */
  space_needed: number;
  /** Euros with two decimals, as text. */
  revenue: string;
  is_payed: boolean;
  date_booking: string;
}

export interface BookingSummary {
  total_revenue: string;
  total_space_reserved: number;
  paid_bookings: number;
  unpaid_bookings: number;
}

/** SPEC §3 « Import result ». */
export interface BookingImportResult {
  status: 'dry-run' | 'success' | 'error';
  message: string;
  bookings_parsed: number;
  bookings_created: number;
  data: Booking[];
  errors: string[];
  summary: BookingSummary;
}

export interface BookingsAnswer {
  data: Booking[];
  total: number;
  summary: BookingSummary;
  swapmeet: SwapMeet;
}

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
    return postForm<BookingImportResult>(`/api/swapmeet/api/import/custom-csv?dry-run=${dryRun ? 'true' : 'false'}`, form);
  },

  /** `DELETE /api/swapmeet/api/reset-bookings/{id}` → {status, message}. */
  resetBookings(swapmeetId: number): Promise<{ status: string; message: string }> {
    return admin.delete(`/api/swapmeet/api/reset-bookings/${encodeURIComponent(swapmeetId)}`);
  },

  async listSwapMeets(): Promise<SwapMeet[]> {
    return (await admin.get<{ data: SwapMeet[] }>('/api/swapmeet/api/swapmeets')).data;
  },

  async createSwapMeet(name: string, heldOn: string | null): Promise<SwapMeet> {
    return (await admin.post<{ data: SwapMeet }>('/api/swapmeet/api/swapmeets', { name, held_on: heldOn })).data;
  },
};
