/** The stock service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { ADMIN, CASHIER, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const STOCK_ROUTES: readonly PublicRoute[] = [
  {
    prefix: '/api/cr/stocks',
    area: 'cash-register',
    roles: CASHIER,
    sample: { method: 'GET', path: '/api/cr/stocks/1/stocks/state?cache=1' },
  },
  { prefix: '/api/stocks', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/stocks/' } },
];
