/** The identity service's public prefixes, as the gateway routes them (contracts-common/gateway.ts). */
import { ADMIN, HOST, STAFF, type PublicRoute } from '@kermesse/contracts-common/gateway';

export const IDENTITY_ROUTES: readonly PublicRoute[] = [
  { prefix: '/api/login', area: 'sign-in', roles: 'public', sample: { method: 'POST', path: '/api/login' } },
  { prefix: '/api/token', area: 'sign-in', roles: 'public', sample: { method: 'POST', path: '/api/token/release' } },
  { prefix: '/login', area: 'sign-in', roles: 'public', sample: { method: 'POST', path: '/login/options' } },
  {
    prefix: '/profile/security',
    area: 'sign-in',
    roles: 'public',
    sample: { method: 'POST', path: '/profile/security/devices/add/options' },
  },
  {
    prefix: '/admin/security',
    area: 'sign-in',
    roles: 'public',
    sample: { method: 'POST', path: '/admin/security/user/1/devices/add/options' },
  },
  { prefix: '/api/admin/users', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/users' } },
  { prefix: '/api/admin/api-tokens', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/api-tokens' } },
  { prefix: '/api/profile', area: 'sign-in', roles: [...STAFF, ...HOST], sample: { method: 'GET', path: '/api/profile' } },
  { prefix: '/api/links', area: 'sign-in', roles: 'public', sample: { method: 'GET', path: '/api/links/abcdefghijklmnopqrstuvwxyz' } },
  // The host console (docs/hosting.md): served on the installation's bare domain only.
  { prefix: '/api/host', area: 'host', roles: HOST, sample: { method: 'GET', path: '/api/host/associations' } },
  { prefix: '/api/host/whoami', area: 'sign-in', roles: 'public', sample: { method: 'GET', path: '/api/host/whoami' } },
  { prefix: '/api/setup', area: 'sign-in', roles: 'public', sample: { method: 'GET', path: '/api/setup' } },
];
