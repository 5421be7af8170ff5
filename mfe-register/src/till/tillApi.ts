/**
 * The till session calls (contract `@kermesse/contracts-register/till`): the register's
 * session, its opening and closing, the closing screen's detail, the printable Z report and cheque
 * deposit slip. Amounts are euros at the API edge.
 */
import { createApiClient, type ApiClient } from '@kermesse/ui-kit';
import { toEuros } from '@kermesse/contracts-common';
import type { Closing, PastSessions, SessionDetail, SessionState } from '@kermesse/contracts-register/till';
import { registerToken } from '../api/bearerToken';

export type {
  Closing,
  PastSession,
  PastSessions,
  SessionDetail,
  SessionState,
  TillSession,
  SessionCheque,
  CardMismatch,
} from '@kermesse/contracts-register/till';

export function createTillApi(client: ApiClient) {
  return {
    /** `GET /api/cr/checkouts/{id}/session`. */
    session(checkoutId: number): Promise<SessionState> {
      return client.get<SessionState>(`/api/cr/checkouts/${checkoutId}/session`);
    },
    /** `POST /api/cr/checkouts/{id}/session/open {float: {cash}}` (cents in, euros sent). */
    open(checkoutId: number, floatCents: number): Promise<SessionState> {
      return client.post<SessionState>(`/api/cr/checkouts/${checkoutId}/session/open`, { float: { cash: toEuros(floatCents) } });
    },
    /** `GET /api/cr/session/{id}`: cheques to tick and the card reconciliation. */
    detail(sessionId: number): Promise<SessionDetail> {
      return client.get<SessionDetail>(`/api/cr/session/${sessionId}`);
    },
    /**
     * `POST /api/cr/checkouts/{id}/session/close`, with the count of this register's sales still in the
     * device's offline queue (the server refuses the closing while it is above 0).
     */
    close(
      checkoutId: number,
      counted: { cashCents: number; chequeCents: number; cardCents: number },
      reason: string | null,
      pendingOffline = 0,
    ): Promise<Closing> {
      return client.post<Closing>(`/api/cr/checkouts/${checkoutId}/session/close`, {
        counted: { cash: toEuros(counted.cashCents), cheque: toEuros(counted.chequeCents), card: toEuros(counted.cardCents) },
        reason,
        pendingOffline,
      });
    },
    /** `GET /api/cr/checkouts/{id}/sessions`: the register's closed sessions, newest first. */
    pastSessions(checkoutId: number): Promise<PastSessions> {
      return client.get<PastSessions>(`/api/cr/checkouts/${checkoutId}/sessions`);
    },
    /** The Z report (« Rapport de clôture »), HTML for 80 mm or A4. */
    report(sessionId: number, format: '80mm' | 'a4' = '80mm'): Promise<string> {
      return client.get<string>(`/api/cr/session/${sessionId}/report?format=${format}`);
    },
    /** The cheque deposit slip (« Bordereau de remise de chèques »), HTML. */
    chequeSlip(sessionId: number): Promise<string> {
      return client.get<string>(`/api/cr/session/${sessionId}/cheques`);
    },
  };
}

export type TillApi = ReturnType<typeof createTillApi>;

/** The till calls with the cashier's stored token. */
export const defaultTillApi = (): TillApi => createTillApi(createApiClient({ getToken: registerToken }));
