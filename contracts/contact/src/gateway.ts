/** The contact service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { ADMIN, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const CONTACT_ROUTES: readonly PublicRoute[] = [
  { prefix: '/api/partner', area: 'public', roles: 'public', sample: { method: 'POST', path: '/api/partner/sendByEmail' } },
  { prefix: '/api/contact', area: 'public', roles: 'public', sample: { method: 'POST', path: '/api/contact' } },
  { prefix: '/api/admin/contact', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/contact/inbox' } },
];
