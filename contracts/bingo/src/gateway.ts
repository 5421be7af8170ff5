/** The bingo service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { ADMIN, VOLUNTEER, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const BINGO_ROUTES: readonly PublicRoute[] = [
  { prefix: '/admin/bingo', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/admin/bingo/prize/api/prizes?bingoId=1' } },
  { prefix: '/admin-bingo', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/admin-bingo/api/bingo/1/placement' } },
  { prefix: '/api/volunteer', area: 'volunteer', roles: VOLUNTEER, sample: { method: 'GET', path: '/api/volunteer/bingo/1/placement' } },
  { prefix: '/api/public/bingo', area: 'public', roles: 'public', sample: { method: 'GET', path: '/api/public/bingo/1/tableau' } },
];
