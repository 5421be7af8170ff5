/**
 * The dashboard's calls (`/api/admin/dashboard…`, contract `@kermesse/contracts-register`), through
 * the UI kit's client with the signed-in admin's or treasurer's token.
 */
import { createApiClient, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type { Dashboard, DashboardAnswer, DashboardEvent } from '@kermesse/contracts-register';

export type { Dashboard, DashboardAnswer, DashboardEvent };

export interface DashboardApi {
  listEvents(): Promise<DashboardEvent[]>;
  /** The figures, or `{ changed: false }` when the version is still `since`. */
  getDashboard(eventId: number, since?: string): Promise<DashboardAnswer>;
}

/** The client; tests pass a fake gateway as `fetch`. */
export function createDashboardApi(fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): DashboardApi {
  const api = createApiClient({ getToken: () => localStorage.getItem(SESSION_STORAGE_KEY), fetch: fetchImpl });
  return {
    listEvents: () => api.get('/api/admin/dashboard'),
    // A refresh that hangs is given up after 15 s, so the next poll can try again.
    getDashboard: (eventId, since) =>
      api.get(`/api/admin/dashboard/${eventId}${since ? `?since=${encodeURIComponent(since)}` : ''}`, {
        signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(15_000) : undefined,
      }),
  };
}
