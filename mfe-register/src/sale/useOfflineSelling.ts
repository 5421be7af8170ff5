/**
 * What this register may sell without network: its offline queue (sales kept on the device, sent when
 * the network returns) and its raffle blocks, from which the numbers of the raffle in the cart are
 * offered. It exists so the sales screen asks one question — « what can be sold offline now? ».
 */
import { useMemo } from 'react';
import type { CheckoutApi, CheckoutCatalog } from '../api/checkoutApi';
import { useOfflineQueue, type OfflineQueue } from './useOfflineQueue';
import { useTicketBlocks, type TicketBlocks } from './useTicketBlocks';

export interface OfflineSelling {
  queue: OfflineQueue;
  blocks: TicketBlocks;
  /** Offline: the numbers of the cart's raffle this register may sell (undefined without a block or a raffle). */
  offeredTickets: number[] | undefined;
}

export function useOfflineSelling(
  api: CheckoutApi,
  checkoutId: number,
  catalog: CheckoutCatalog | null,
  raffleId: number | undefined,
): OfflineSelling {
  const queue = useOfflineQueue(api, checkoutId);
  const raffleIds = useMemo(() => (catalog?.raffles ?? []).map((item) => item.id), [catalog]);
  const blocks = useTicketBlocks(api, checkoutId, raffleIds, queue);
  return { queue, blocks, offeredTickets: raffleId === undefined ? undefined : blocks.offered(raffleId) };
}
