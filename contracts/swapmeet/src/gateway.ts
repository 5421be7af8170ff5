/** The swapmeet service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { ADMIN, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const SWAPMEET_ROUTES: readonly PublicRoute[] = [
  {
    prefix: '/api/swapmeet',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/swapmeet/api/bookings?swapmeet_id=1&limit=100' },
  },
];
