/**
 * « Is this event one of the register's? » for a service whose API takes an event id (a loto night's,
 * a raffle's…). Each such service keeps a read model of the register's events, fed by
 * `catalog.event.created`; but an event created a moment ago may not have reached it yet (the outbox
 * holds it while NATS is slow or away). So an id the read model does not know is asked of the register,
 * which owns the events (`GET /internal/events/{id}`, with the caller's own token), before it is
 * refused; what the register confirms is kept in the read model (`remember`), so the next request
 * does not ask again. docs/platform.md « Events of a fair » explains the choice.
 *
 *   const events = createEventCheck({ registerUrl, find: (id) => findEvent(db, id), remember: (e) => upsertEvent(db, e),
 *     notFound: () => bingoNotFound('EVENT_NOT_FOUND') });
 *   await events.require(body.eventId, bearerToken(ctx.get('Authorization')));
 */
import { HttpError } from './errors.ts';
import { createInternalClient } from './internalClient.ts';

/** An event as the register answers it. */
export interface RegisterEvent {
  id: number;
  name: string;
  /** `YYYY-MM-DD`, or null when the event has no date. */
  startsOn: string | null;
}

export interface EventCheckOptions {
  /** The register service (`REGISTER_URL`); a comma-separated list of replicas is tried in order. */
  registerUrl: string;
  /** Whether the service's own read model knows the event. */
  find(id: number): Promise<unknown>;
  /** Keeps an event the register confirmed in the read model (an upsert: the consumer may write it too). */
  remember?(event: RegisterEvent): Promise<unknown>;
  /** The service's own 404 for an unknown event (its contract's code and French message). */
  notFound(): HttpError;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface EventCheck {
  /**
   * Resolves when the event exists; rejects with `notFound()` when neither the read model nor the
   * register knows it, and with a French 503 when the read model does not know it and the register
   * cannot answer (never a silent acceptance).
   */
  require(id: number, bearer: string | undefined): Promise<void>;
}

export const REGISTER_UNAVAILABLE =
  'Le service de la caisse ne répond pas : impossible de vérifier l’événement choisi. Réessayez dans un instant.';

export function createEventCheck(options: EventCheckOptions): EventCheck {
  const replicas = options.registerUrl
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((baseUrl) =>
      createInternalClient({
        service: 'register',
        baseUrl,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
        unavailable: REGISTER_UNAVAILABLE,
        notFoundStatus: 404,
      }),
    );
  /** The register's answer, from the first replica that gives one (a 503 tries the next). */
  async function ask(id: number, bearer: string | undefined): Promise<RegisterEvent> {
    let unavailable: unknown = new HttpError(503, REGISTER_UNAVAILABLE).withCode('UNAVAILABLE');
    for (const register of replicas) {
      try {
        return await register.call<RegisterEvent>('GET', `/internal/events/${id}`, { bearer });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 503) throw error;
        unavailable = error;
      }
    }
    throw unavailable;
  }
  return {
    async require(id, bearer) {
      if (await options.find(id)) return;
      let event: RegisterEvent;
      try {
        event = await ask(id, bearer);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) throw options.notFound();
        throw error;
      }
      await options.remember?.(event);
    },
  };
}
