/**
 * The dashboard as the route serves it, kept per event in this process: the older sales read once
 * (the « kept part », rebuilt in the background every few minutes so the recent part stays small),
 * the last answer kept with its version so that many screens polling at once cost one fingerprint
 * query each, and a new computation only when the version moved.
 */
import type { Db } from '@kermesse/kit/db';
import type { Logger } from '@kermesse/kit/http';
import {
  assembleDashboard,
  dashboardVersion,
  findDashboardEvent,
  readSalesPart,
  type DashboardFigures,
  type SalesPart,
} from '../repositories/dashboard.ts';

export interface DashboardReaderOptions {
  /** Sales created less than this long ago are read at each refresh (a commit is never older). */
  marginMs?: number;
  /** The kept part is rebuilt in the background once it is this old. */
  rebuildAfterMs?: number;
  now?: () => number;
  logger?: Logger;
}

export interface DashboardRead {
  version: string;
  figures?: DashboardFigures;
}

interface Kept {
  cutoff: Date;
  part: SalesPart;
  builtAt: number;
}
interface EventCache {
  kept?: Kept;
  keeping?: Promise<Kept>;
  last?: { version: string; figures: Promise<DashboardFigures> };
}

export interface DashboardReader {
  /** The figures, or only the version when it equals `since`; undefined when there is no such event. */
  read(eventId: number, since?: string): Promise<DashboardRead | undefined>;
}

export function createDashboardReader(db: Db, options: DashboardReaderOptions = {}): DashboardReader {
  const marginMs = options.marginMs ?? 2 * 60_000;
  const rebuildAfterMs = options.rebuildAfterMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  /** Per event seen by this process (an entry is only made for an event that exists). */
  const cache = new Map<number, EventCache>();

  const keep = (eventId: number, entry: EventCache): Promise<Kept> => {
    if (entry.keeping) return entry.keeping;
    const cutoff = new Date(now() - marginMs);
    const keeping = readSalesPart(db, eventId, { before: cutoff }).then(
      (part) => {
        const kept = { cutoff, part, builtAt: now() };
        entry.kept = kept;
        entry.keeping = undefined;
        return kept;
      },
      (err: unknown) => {
        entry.keeping = undefined;
        throw err;
      },
    );
    entry.keeping = keeping;
    return keeping;
  };

  return {
    async read(eventId, since) {
      let entry = cache.get(eventId);
      if (!entry) {
        if (!(await findDashboardEvent(db, eventId))) return undefined;
        entry = {};
        cache.set(eventId, entry);
      }
      const kept = entry.kept ?? (await keep(eventId, entry));
      if (now() - kept.builtAt > rebuildAfterMs && !entry.keeping) {
        // The next refreshes use the new kept part once it is read; this one uses the current.
        keep(eventId, entry).catch((err: unknown) =>
          options.logger?.warn('Tableau de bord : relecture des ventes anciennes impossible', { err: String(err), eventId }),
        );
      }
      // One round trip tells whether anything moved; one more (its queries side by side) recomputes.
      const { version, eventName } = await dashboardVersion(db, eventId, kept.cutoff);
      if (eventName === null) return undefined;
      if (since === version) return { version };
      if (entry.last?.version !== version) {
        const figures = assembleDashboard(db, { id: eventId, name: eventName }, kept.part, kept.cutoff);
        const last = { version, figures };
        entry.last = last;
        figures.catch(() => {
          if (entry.last === last) entry.last = undefined;
        });
      }
      return { version, figures: await entry.last.figures };
    },
  };
}
