/** Typed client for the gateway paths the register uses; screens call these, never `fetch`. */
import { createApiClient, releaseToken, requestToken, type Credentials } from '@kermesse/ui-kit';
import type { CheckoutSummary, EventSummary } from '@kermesse/contracts-register';
import type { EventCheckoutsAnswer, EventsAnswer } from './answers';
import { readBearerToken, registerToken } from './bearerToken';

export type { CheckoutSummary, EventSummary };

/** Cash-register calls carry the register's token (the session's, or the one loaded by hand). */
const cashRegister = createApiClient({ getToken: registerToken });
/** « Jeton API » releases the token it gave, never the session's. */
const loadedToken = createApiClient({ getToken: readBearerToken });
/** Sign-in must not send a previous, maybe revoked, token. */
const anonymous = createApiClient();

export const registerApi = {
  /** `GET /api/cr/events`. */
  listEvents(): Promise<EventSummary[]> {
    return cashRegister.get<EventsAnswer>('/api/cr/events');
  },

  /** `GET /api/cr/events/{eventId}/checkouts`: the registers are those of the first item. */
  async listCheckouts(eventId: number): Promise<CheckoutSummary[]> {
    const answer = await cashRegister.get<EventCheckoutsAnswer>(`/api/cr/events/${encodeURIComponent(eventId)}/checkouts`);
    return answer[0]?.checkouts ?? [];
  },

  /** `GET /api/cr/ping`: resolves when the token is valid. */
  async ping(): Promise<void> {
    await cashRegister.get('/api/cr/ping');
  },

  /** `POST /api/login` → the token, or undefined when the answer has none. */
  requestToken(credentials: Credentials): Promise<string | undefined> {
    return requestToken(anonymous, credentials);
  },

  /** `POST /api/token/release` with the token loaded by hand (`bearerToken`) as bearer. */
  releaseToken(): Promise<void> {
    return releaseToken(loadedToken);
  },
};
