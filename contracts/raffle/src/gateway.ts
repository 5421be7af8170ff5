/** The raffle service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { ADMIN, CASHIER, VOLUNTEER, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const RAFFLE_ROUTES: readonly PublicRoute[] = [
  { prefix: '/api/cr/raffle', area: 'cash-register', roles: CASHIER, sample: { method: 'GET', path: '/api/cr/raffle/1/tickets/sold' } },
  {
    prefix: '/api/cr/gift-basket',
    area: 'cash-register',
    roles: CASHIER,
    sample: { method: 'GET', path: '/api/cr/gift-basket/1/votes/sold' },
  },
  { prefix: '/api/admin/raffle', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/raffle/1' } },
  { prefix: '/api/admin/raffles', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/raffles/1/prizes' } },
  { prefix: '/api/admin/prizes', area: 'admin', roles: ADMIN, sample: { method: 'PUT', path: '/api/admin/prizes/1' } },
  {
    prefix: '/api/admin/gift-basket',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/gift-basket/1/weigh/result' },
  },
  { prefix: '/api/admin/gate', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/gate/events/1/passes' } },
  // The gate check (docs/gate.md): longer than the loto's `/api/volunteer`, so it reaches the raffle service.
  { prefix: '/api/volunteer/gate', area: 'volunteer', roles: VOLUNTEER, sample: { method: 'GET', path: '/api/volunteer/gate/events' } },
  { prefix: '/api/public', area: 'public', roles: 'public', sample: { method: 'GET', path: '/api/public/raffle/drawing/results' } },
  { prefix: '/up-prizes', area: 'public', roles: 'public', sample: { method: 'GET', path: '/up-prizes/demo-velo.png' } },
];
