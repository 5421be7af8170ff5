/** The accounting service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { TREASURER, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const ACCOUNTING_ROUTES: readonly PublicRoute[] = [
  {
    prefix: '/api/admin/accountancy',
    area: 'accounting',
    roles: TREASURER,
    sample: { method: 'GET', path: '/api/admin/accountancy/trial-balance' },
  },
  // HelloAsso's notifications: no token (HelloAsso has none of ours), the association's secret in the path instead.
  {
    prefix: '/api/public/helloasso',
    area: 'public',
    roles: 'public',
    sample: { method: 'POST', path: '/api/public/helloasso/notifications/secret-de-test' },
  },
  { prefix: '/api/trials/import', area: 'accounting', roles: TREASURER, sample: { method: 'POST', path: '/api/trials/import/1' } },
];
