/** The register service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { ADMIN, CASHIER, TREASURER, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const REGISTER_ROUTES: readonly PublicRoute[] = [
  { prefix: '/api/cr', area: 'cash-register', roles: CASHIER, sample: { method: 'GET', path: '/api/cr/events' } },
  { prefix: '/api/admin/checkout', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/checkout/1/products' } },
  { prefix: '/api/admin/events', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/events' } },
  { prefix: '/api/admin/categories', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/categories?eventId=1' } },
  { prefix: '/api/admin/products', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/products?eventId=1' } },
  { prefix: '/api/admin/card-readers', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/card-readers' } },
  { prefix: '/api/admin/till-managers', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/till-managers' } },
  { prefix: '/api/admin/dashboard', area: 'admin', roles: TREASURER, sample: { method: 'GET', path: '/api/admin/dashboard/1' } },
  { prefix: '/api/admin/journal', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/journal/verify' } },
  { prefix: '/api/admin/compliance', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/compliance' } },
  { prefix: '/api/public/till', area: 'public', roles: 'public', sample: { method: 'GET', path: '/api/public/till/public-key' } },
  { prefix: '/up', area: 'public', roles: 'public', sample: { method: 'GET', path: '/up/hot-dog.svg' } },
  { prefix: '/icon', area: 'public', roles: 'public', sample: { method: 'GET', path: '/icon/product404.png' } },
  { prefix: '/s', area: 'public', roles: 'public', sample: { method: 'GET', path: '/s/K7M2Q-9XR4T' } },
];
