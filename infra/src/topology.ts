/**
 * The parts of the system the launcher runs, in one place. Add a service here (and to
 * infra/package.json's dependencies) once its package exports `./migrations`, `./demo` and has a
 * `src/server.ts`; add a front end once its workspace has a `build` script.
 */

import { GATEWAY_DEFAULT_PORT, SERVICE_DEFAULT_PORTS, type ServiceName } from '@kermesse/kit/http';

export { GATEWAY_DEFAULT_PORT, SERVICE_DEFAULT_PORTS, type ServiceName };

/** Services started by the launcher, in migration / seeding / start-up order (identity first). */
export const SERVICES: readonly ServiceName[] = [
  'identity',
  'register',
  'contact',
  'raffle',
  'stock',
  'swapmeet',
  'bingo',
  'accounting',
  'webhooks',
];

/** Front-end workspaces built before start-up (folder relative to the repository root). */
export const FRONT_ENDS: readonly { workspace: string; dir: string }[] = [
  { workspace: '@kermesse/shell', dir: 'shell' },
  { workspace: '@kermesse/mfe-register', dir: 'mfe-register' },
  { workspace: '@kermesse/mfe-raffle', dir: 'mfe-raffle' },
  { workspace: '@kermesse/mfe-stock', dir: 'mfe-stock' },
  { workspace: '@kermesse/mfe-bingo', dir: 'mfe-bingo' },
  { workspace: '@kermesse/mfe-accounting', dir: 'mfe-accounting' },
];

/** Source folders every front end depends on (a change there rebuilds all of them). */
export const FRONT_END_SHARED_SOURCES: readonly string[] = ['shell/ui-kit/src', 'shell/ui-kit/rspack.ts', 'shell/ui-kit/package.json'];

/** Demo accounts created by identity's seed (ARCHITECTURE §5). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@kermesse.local', role: 'admin' },
  { email: 'tresorier@kermesse.local', role: 'treasurer' },
  { email: 'caissier@kermesse.local', role: 'cashier' },
  { email: 'benevole@kermesse.local', role: 'volunteer' },
] as const;

/** `identity` → `IDENTITY_URL`. */
export function serviceUrlVar(name: ServiceName): string {
  return `${name.toUpperCase()}_URL`;
}

/**
 * Port of each part. Without `portBase` the defaults of docs/platform.md; with it, every port is
 * shifted so that a second system can run beside the first (portBase 18080 → gateway 18080,
 * identity 18101, register 18102).
 */
export function planPorts(options: { portBase?: number; gatewayPort?: number } = {}): {
  gateway: number;
  services: Record<ServiceName, number>;
} {
  const shift = options.portBase === undefined ? 0 : options.portBase - GATEWAY_DEFAULT_PORT;
  const services = Object.fromEntries(Object.entries(SERVICE_DEFAULT_PORTS).map(([name, port]) => [name, port + shift])) as Record<
    ServiceName,
    number
  >;
  return { gateway: options.gatewayPort ?? GATEWAY_DEFAULT_PORT + shift, services };
}
