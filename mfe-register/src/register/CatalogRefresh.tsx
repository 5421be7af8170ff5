/**
 * « Changes reach the registers »: the catalogue version the settings carry, asked past
 * every cache, the catalogue loaded again past every cache, and the « Recharger le catalogue »
 * button of the sales screen. `catalogRefreshCalls` is spread into the register's API client.
 */
import { Button, type ApiClient } from '@kermesse/ui-kit';
import { cacheKeys, writeCache } from '../api/localCache';
import { toCatalog, type CheckoutCatalog } from '../api/checkoutApi';

/** Asks the server itself, never the browser's copy (the answers are cacheable 600 s, docs/spec.md §9). */
const PAST_CACHES = { headers: { 'Cache-Control': 'no-cache' } };

/** The catalogue version of a `/api/cr/settings` answer; null when there is none. */
export function catalogVersionOf(settings: unknown): number | null {
  const version = (settings as { data?: { catalogVersion?: unknown } } | null | undefined)?.data?.catalogVersion;
  return typeof version === 'number' && Number.isFinite(version) ? version : null;
}

export function catalogRefreshCalls(client: ApiClient) {
  return {
    /** `GET /api/cr/settings?eventId=…` from the server (the event's local copy updated): its `catalogVersion`. */
    async catalogVersion(eventId?: number): Promise<number | null> {
      const query = eventId === undefined ? '' : `?eventId=${encodeURIComponent(String(eventId))}`;
      const answer = await client.get<unknown>(`/api/cr/settings${query}`, PAST_CACHES);
      // The same key as loadSettings(eventId): the screen reads that copy when it opens again.
      writeCache(eventId === undefined ? cacheKeys.settings() : `${cacheKeys.settings()}.${eventId}`, answer);
      return catalogVersionOf(answer);
    },
    /** `GET /api/cr/checkouts/{id}` from the server, kept in local storage as the usual load does. */
    async freshCatalog(checkoutId: number): Promise<CheckoutCatalog> {
      const answer = await client.get<unknown>(`/api/cr/checkouts/${encodeURIComponent(String(checkoutId))}`, PAST_CACHES);
      const catalog = toCatalog(checkoutId, answer);
      writeCache(cacheKeys.checkout(checkoutId), answer);
      return catalog;
    },
  };
}

export interface CatalogRefreshState {
  reload: () => Promise<void>;
  busy: boolean;
  /** « Catalogue mis à jour à 14:05. », or the failure, until the next reload. */
  message: string | null;
}

/** « Recharger le catalogue »: what the back office changed, at once, without reloading the page. */
export function CatalogRefresh({ reload, busy, message }: CatalogRefreshState) {
  return (
    <>
      <Button variant="ghost" onClick={() => void reload()} disabled={busy}>
        {busy ? 'Rechargement…' : 'Recharger le catalogue'}
      </Button>
      <span className="reg-catalog-status" aria-live="polite">
        {message ?? ''}
      </span>
    </>
  );
}
