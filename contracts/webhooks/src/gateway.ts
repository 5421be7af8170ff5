/** The webhooks service's public prefix, as the gateway routes it (contracts-common/gateway.ts). */
import { ADMIN, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const WEBHOOKS_ROUTES: readonly PublicRoute[] = [
  { prefix: '/api/admin/webhooks', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/webhooks' } },
];
