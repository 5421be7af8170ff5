/**
 * How many sales of the event are on hold: the « Paniers en attente » button shows only when some
 * are (docs/spec.md §4). It exists because the count changes under the screen: asked on opening, after a
 * sale put on hold, and after a pending sale was settled (a failed ask keeps the last count).
 */
import { useResource } from '@kermesse/ui-kit';
import type { CheckoutApi } from '../api/checkoutApi';

export function usePendingCount(api: CheckoutApi, eventId: number): { pendingCount: number; refreshPendingCount: () => void } {
  const count = useResource(
    () =>
      api.countPendingSales(eventId).catch((error: unknown) => {
        console.error('Ventes en attente indisponibles', error);
        throw error;
      }),
    [api, eventId],
  );
  return { pendingCount: count.data ?? 0, refreshPendingCount: count.reload };
}
