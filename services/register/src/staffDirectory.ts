/**
 * Who the staff are lives in identity: before the register records a right for a person (the
 * « responsable de caisse » right), it asks identity that the account exists — with the
 * administrator's own token on identity's `GET /api/admin/users/{id}`, so identity checks the role
 * itself and no internal route is added. An id that names nobody is refused (404), never stored.
 */
import { createInternalClient, HttpError } from '@kermesse/kit/http';
import { MESSAGES } from '@kermesse/contracts-register';
import { missing } from './errors.ts';

export interface StaffDirectory {
  /** Resolves when the account exists; 404 `STAFF_NOT_FOUND` otherwise, 503 when identity does not answer. */
  assertStaff(userId: string, bearer: string): Promise<void>;
}

export function createStaffDirectory(options: { identityUrl: string; timeoutMs?: number; fetch?: typeof fetch }): StaffDirectory {
  const client = createInternalClient({
    service: 'identity',
    baseUrl: options.identityUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    unavailable: MESSAGES.IDENTITY_UNAVAILABLE,
    notFoundStatus: 404,
  });
  return {
    async assertStaff(userId, bearer) {
      try {
        await client.call('GET', `/api/admin/users/${encodeURIComponent(userId)}`, { bearer });
      } catch (err) {
        // 404, or 400 for an id identity cannot even read (its ids are UUIDs): nobody has it.
        if (err instanceof HttpError && (err.status === 404 || err.status === 400)) throw missing('STAFF_NOT_FOUND');
        throw err;
      }
    },
  };
}
