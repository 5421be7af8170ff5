/**
 * Keeps a dashboard up to date: asks again every few seconds (and when the window comes back to the
 * front) with the version it holds, so the server answers « nothing changed » in a few bytes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@kermesse/ui-kit';
import type { Dashboard, DashboardApi } from './dashboardApi';

/** How often the figures are asked again. */
export const DASHBOARD_POLL_MS = 5_000;

export interface LiveDashboard {
  dashboard: Dashboard | null;
  error: string | null;
  /** When the figures were last confirmed by the server (ms). */
  checkedAt: number | null;
  refresh: () => Promise<void>;
}

export function useLiveDashboard(api: DashboardApi, eventId: number | null, pollMs = DASHBOARD_POLL_MS): LiveDashboard {
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const version = useRef<string | undefined>(undefined);
  const busy = useRef(false);
  const current = useRef(eventId);
  current.current = eventId;

  const refresh = useCallback(async () => {
    if (eventId === null || busy.current) return;
    busy.current = true;
    try {
      const answer = await api.getDashboard(eventId, version.current);
      if (current.current !== eventId) return;
      if (answer.changed) {
        version.current = answer.version;
        setDashboard(answer);
      }
      setError(null);
      setCheckedAt(Date.now());
    } catch (err) {
      // The server's French message; a request given up or a network failure says so in French too.
      if (current.current === eventId) setError(err instanceof ApiError ? err.message : NETWORK_ERROR_MESSAGE);
    } finally {
      busy.current = false;
    }
  }, [api, eventId]);

  useEffect(() => {
    version.current = undefined;
    setDashboard(null);
    setError(null);
    if (eventId === null) return undefined;
    void refresh();
    const timer = setInterval(() => void refresh(), pollMs);
    const handleFocus = () => void refresh();
    window.addEventListener('focus', handleFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', handleFocus);
    };
  }, [eventId, pollMs, refresh]);

  return { dashboard, error, checkedAt, refresh };
}
