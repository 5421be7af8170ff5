/**
 * Refund calls (contract `@kermesse/contracts-register` refunds.ts): the order detail's
 * refund panel (cashier token) and the back office's « responsables de caisse » (admin token).
 */
import { createApiClient, newIdempotencyKey, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type { Refund, RefundInput, SaleRefunds, TillManagers } from '@kermesse/contracts-register';
import { registerToken } from '../api/bearerToken';

export type { Refund, RefundInput, SaleRefunds };

const path = (value: string | number) => encodeURIComponent(String(value));

export interface RefundsApi {
  /** `GET /api/cr/sale/{reference}/refunds`. */
  saleRefunds(reference: string): Promise<SaleRefunds>;
  /** `POST /api/cr/sale/{reference}/refund`; the same key for a retry of the same refund. */
  refund(reference: string, input: RefundInput, idempotencyKey?: string): Promise<Refund>;
}

export function refundsApiFor(getToken: () => string | null, fetchImpl?: typeof fetch): RefundsApi {
  const client = createApiClient({ getToken, fetch: fetchImpl });
  return {
    saleRefunds: (reference) => client.get<SaleRefunds>(`/api/cr/sale/${path(reference)}/refunds`),
    async refund(reference, input, idempotencyKey = newIdempotencyKey()) {
      const answer = await client.post<{ success: true; refund: Refund }>(`/api/cr/sale/${path(reference)}/refund`, input, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return answer.refund;
    },
  };
}

/** The register's client: the cashier's token. */
export const cashierRefundsApi = (): RefundsApi => refundsApiFor(registerToken);

/** A person of the team as identity lists them (`GET /api/admin/users`). */
export interface TeamMember {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  roles: string[];
  disabled: boolean;
}

export interface TillManagersApi {
  listTeam(): Promise<TeamMember[]>;
  listTillManagers(): Promise<string[]>;
  grant(userId: string): Promise<string[]>;
  revoke(userId: string): Promise<string[]>;
}

/** The back office's client: the signed-in administrator's token. */
export function tillManagersApiFor(
  getToken: () => string | null = () => localStorage.getItem(SESSION_STORAGE_KEY),
  fetchImpl?: typeof fetch,
): TillManagersApi {
  const client = createApiClient({ getToken, fetch: fetchImpl });
  return {
    async listTeam() {
      return (await client.get<{ users: TeamMember[] }>('/api/admin/users')).users;
    },
    async listTillManagers() {
      return (await client.get<TillManagers>('/api/admin/till-managers')).userIds;
    },
    async grant(userId) {
      return (await client.put<TillManagers>(`/api/admin/till-managers/${path(userId)}`, {})).userIds;
    },
    async revoke(userId) {
      return (await client.delete<TillManagers>(`/api/admin/till-managers/${path(userId)}`)).userIds;
    },
  };
}
