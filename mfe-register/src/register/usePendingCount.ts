/**
 * How many sales of the event are on hold: the « Paniers en attente » button shows only when some
 * are (SPEC §4). It exists because the count changes under the screen: asked on opening, after a
 * sale put on hold, and after a pending sale was settled.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CheckoutApi } from '../api/checkoutApi';
import { useMounted } from './useMounted';

export function usePendingCount(api: CheckoutApi, eventId: number): { pendingCount: number; refreshPendingCount: () => void } {
  const [pendingCount, setPendingCount] = useState(0);
  const mounted = useMounted();

  const refreshPendingCount = useCallback(() => {
    api.countPendingSales(eventId).then(
      (count) => mounted.current && setPendingCount(count),
      (error: unknown) => console.error('Ventes en attente indisponibles', error),
    );
  }, [api, eventId, mounted]);

  useEffect(refreshPendingCount, [refreshPendingCount]);

  return { pendingCount, refreshPendingCount };
}
