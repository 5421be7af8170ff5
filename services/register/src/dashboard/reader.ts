/**
 * The dashboard as the route serves it, kept per event in this process: the older sales read once
 * (the « kept part », rebuilt in the background every few minutes so the recent part stays small),
 * the last answer kept with its version so that many screens polling at once cost one fingerprint
 * query each, and a new computation only when the version moved.
 */
import type { Db, Logger } from '@kermesse/kit';
import {
  addSalesParts, assembleDashboard, dashboardVersion, readSalesPart, type DashboardFigures, type SalesPart,
} from './queries.ts';

export interface DashboardReaderOptions {
  /** Sales created less than this long ago are read at each refresh (a commit is never older). */
  marginMs?: number;
  /** The kept part is rebuilt in the background once it is this old. */
  rebuildAfterMs?: number;
  now?: () => number;
  logger?: Logger;
}

export interface DashboardRead { version: string; figures?: DashboardFigures }

interface Kept { cutoff: Date; part: SalesPart; builtAt: number }
interface EventCache {
  kept?: Kept;
  keeping?: Promise<Kept>;
  last?: { version: string; figures: Promise<DashboardFigures> };
}

export interface DashboardReader {
  /** The figures, or only the version when it equals `since`. */
  read(event: { id: number; name: string }, since?: string): Promise<DashboardRead>;
}

export function createDashboardReader(db: Db, options: DashboardReaderOptions = {}): DashboardReader {
  const marginMs = options.marginMs ?? 2 * 60_000;
  const rebuildAfterMs = options.rebuildAfterMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
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
    async read(event, since) {
      let entry = cache.get(event.id);
      if (!entry) {
        entry = {};
        cache.set(event.id, entry);
      }
      const kept = entry.kept ?? await keep(event.id, entry);
      if (now() - kept.builtAt > rebuildAfterMs && !entry.keeping) {
        // The next refreshes use the new kept part once it is read; this one uses the current.
        keep(event.id, entry).catch((err: unknown) => options.logger?.warn('Tableau de bord : relecture des ventes anciennes impossible', { err: String(err), eventId: event.id }));
      }
      const version = await dashboardVersion(db, event.id, kept.cutoff);
      if (since === version) return { version };
      if (entry.last?.version !== version) {
        const figures = readSalesPart(db, event.id, { from: kept.cutoff })
          .then((recent) => assembleDashboard(db, event, addSalesParts(kept.part, recent)));
        entry.last = { version, figures };
        figures.catch(() => {
          if (entry.last?.figures === figures) entry.last = undefined;
        });
      }
      return { version, figures: await entry.last.figures };
    },
  };
}
