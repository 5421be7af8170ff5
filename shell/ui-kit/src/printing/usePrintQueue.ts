/** The register's print queue as React state: the jobs, newest first, and how many failed. */
import { useSyncExternalStore } from 'react';
import { printQueueFor } from './printQueue';

export function usePrintQueue(checkoutId: number) {
  const queue = printQueueFor(checkoutId);
  const jobs = useSyncExternalStore(queue.subscribe, queue.snapshot);
  return { queue, jobs, failedCount: jobs.filter((job) => job.status === 'echec').length };
}
