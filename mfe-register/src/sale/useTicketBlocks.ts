/**
 * Keeps this register's raffle blocks topped up while it is online (on opening, when the network
 * returns, when the queue changes, and every 2 minutes), and says which numbers the ticket picker
 * may offer: offline, the block less the queued sales' numbers; online, anything but the blocks.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@kermesse/ui-kit';
import type { OfflineQueue } from './useOfflineQueue';
import {
  offeredNumbers,
  queuedNumbers,
  readStoredBlock,
  storeBlock,
  TICKET_BLOCK_SIZE,
  type TicketBlock,
  type TicketBlockApi,
} from './ticketBlock';

export const BLOCK_REFRESH_MS = 120_000;

export interface TicketBlocks {
  /** Offline: the numbers of `raffleId` this register may sell (undefined when it never got a block). */
  offered: (raffleId: number) => number[] | undefined;
  /** Online: numbers kept for offline sales (this register's block and the others'), not offered. */
  reserved: (raffleId: number) => number[];
}

const NONE: number[] = [];

export function useTicketBlocks(
  api: Pick<TicketBlockApi, 'topUpTicketBlock'>,
  checkoutId: number,
  raffleIds: readonly number[],
  queue: Pick<OfflineQueue, 'online' | 'waiting' | 'refused'>,
): TicketBlocks {
  const idsKey = raffleIds.join(',');
  const [blocks, setBlocks] = useState<Map<number, TicketBlock>>(() => new Map());
  const onQueue = useMemo(() => [...queue.waiting, ...queue.refused], [queue.waiting, queue.refused]);
  const queued = useRef(onQueue);
  queued.current = onQueue;
  const running = useRef(false);

  // The blocks remembered on this device (a reload or a closed browser while offline).
  useEffect(() => {
    const stored = new Map<number, TicketBlock>();
    for (const id of idsKey ? idsKey.split(',').map(Number) : []) {
      const block = readStoredBlock(checkoutId, id);
      if (block) stored.set(id, block);
    }
    setBlocks(stored);
  }, [checkoutId, idsKey]);

  const topUp = useCallback(async () => {
    if (running.current || !idsKey || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    running.current = true;
    try {
      for (const raffleId of idsKey.split(',').map(Number)) {
        // Numbers of sales still on this device stay in the block until sent: ask for that many more.
        const size = TICKET_BLOCK_SIZE + queuedNumbers(queued.current, raffleId).size;
        try {
          const block = await api.topUpTicketBlock(raffleId, checkoutId, size);
          storeBlock(block);
          setBlocks((current) => new Map(current).set(raffleId, block));
        } catch (error) {
          // The block stays as last received; a raffle service without blocks (404) is not worth a warning.
          if (!(error instanceof ApiError && error.status === 404)) console.warn('Bloc de tickets non renouvelé', error);
        }
      }
    } finally {
      running.current = false;
    }
  }, [api, checkoutId, idsKey]);

  useEffect(() => {
    if (!queue.online) return;
    void topUp();
    const timer = setInterval(() => void topUp(), BLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [queue.online, topUp, queue.waiting.length, queue.refused.length]);

  const offered = useCallback(
    (raffleId: number) => {
      const block = blocks.get(raffleId);
      return block ? offeredNumbers(block, queuedNumbers(onQueue, raffleId)) : undefined;
    },
    [blocks, onQueue],
  );
  const reserved = useCallback(
    (raffleId: number) => {
      const block = blocks.get(raffleId);
      return block ? [...block.numbers, ...block.reservedElsewhere] : NONE;
    },
    [blocks],
  );
  return useMemo(() => ({ offered, reserved }), [offered, reserved]);
}
