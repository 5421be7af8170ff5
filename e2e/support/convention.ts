/**
 * The API's convention (docs/api.md §1) as a test can check it: docs/spec.md §7's operations, which
 * keep their shapes, and what in a route's declared shapes departs from the convention — a bare list,
 * a `{ success, … }` envelope, a list in another key than `{ items, total }`, a creation wrapped in a
 * key, a snake_case name. A path docs/spec.md does not fix and that departs from it is kept for
 * compatibility and says so (`deprecated` in its `defineRoute`).
 */
import type { TSchema } from '@sinclair/typebox';
import { jsonSchema, openApiPath } from '@kermesse/kit/http';
import type { ServiceRoute } from './routes.ts';

/** docs/spec.md §7, method and OpenAPI path: these keep their shapes exactly and are never deprecated. */
export const SPEC_OPERATIONS: ReadonlySet<string> = new Set([
  // Register (cashier)
  'GET /api/cr/ping',
  'GET /api/cr/events',
  'GET /api/cr/events/{eventId}/checkouts',
  'GET /api/cr/checkouts/{checkoutId}',
  'GET /api/cr/settings',
  'POST /api/cr/sale/create',
  'GET /api/cr/sale/list/{eventId}/pending',
  'GET /api/cr/sale/list/{eventId}/pending/total',
  'GET /api/cr/sale/pending/{saleId}/payments',
  'POST /api/cr/sale/pending/{saleId}/payment',
  'GET /api/cr/order/{reference}/print',
  'GET /api/cr/payment/reader',
  'POST /api/cr/payment/reader',
  'POST /api/cr/payment/reader/checkout',
  'GET /api/cr/payment/transaction/{id}/status',
  'POST /api/cr/users/findOrCreate',
  'POST /api/cr/users/create',
  'GET /api/cr/raffle/{id}/tickets/sold',
  'GET /api/cr/stocks/{eventId}/stocks/state',
  'GET /api/cr/gift-basket/{id}/votes/sold',
  'GET /api/cr/gift-basket/{id}/types',
  'POST /api/login',
  // Administration: gift baskets, raffle, register products
  'GET /api/admin/gift-basket/{id}',
  'PUT /api/admin/gift-basket/{id}',
  'POST /api/admin/gift-basket/',
  'GET /api/admin/gift-basket/{id}/prizes',
  'POST /api/admin/gift-basket/{id}/prizes',
  'PUT /api/admin/gift-basket/types/{id}',
  'DELETE /api/admin/gift-basket/types/{id}',
  'GET /api/admin/gift-basket/{id}/weigh/result',
  'GET /api/admin/raffle/{id}',
  'PUT /api/admin/raffle/{id}',
  'POST /api/admin/raffle',
  'GET /api/admin/raffles/{id}/prizes',
  'POST /api/admin/raffles/{id}/prizes',
  'PUT /api/admin/prizes/{id}',
  'DELETE /api/admin/prizes/{id}',
  'GET /api/admin/raffle/{id}/drawing',
  'GET /api/admin/checkout/{checkoutId}/products',
  'PUT /api/admin/checkout/{checkoutId}/products/{productId}',
  // Accounting
  'GET /api/admin/accountancy/bilan-des-comptes/{year}',
  'GET /api/admin/accountancy/bilan-disponibilite/{year}',
  'GET /api/admin/accountancy/previsionnel/{financialYear}',
  'GET /api/admin/accountancy/trial-balance',
  'POST /api/admin/accountancy/trial-balance',
  'GET /api/admin/accountancy/trial-balance/{id}',
  'PUT /api/admin/accountancy/trial-balance/{id}',
  'GET /api/admin/accountancy/trial-balance-rows/{id}',
  'POST /api/trials/import/{id}',
  // Loto
  'GET /admin/bingo/prize/api/prizes',
  'POST /admin/bingo/prize/api/prize',
  'GET /admin/bingo/prize/api/prize/{id}',
  'PUT /admin/bingo/prize/api/prize/{id}',
  'DELETE /admin/bingo/prize/api/prize/{id}',
  'GET /admin-bingo/api/bingo/{id}/placement',
  'POST /admin-bingo/api/bingo/{id}/reserve',
  'POST /admin-bingo/api/bingo/{id}/release',
  // Stock
  'GET /api/stocks/',
  'POST /api/stocks/update/stock',
  'POST /api/stocks/update/alert-threshold',
  'POST /api/stocks/import/inventory',
  'GET /api/stocks/inventory/template',
  // Swap-meet
  'GET /api/swapmeet/api/bookings',
  'POST /api/swapmeet/api/import/custom-csv',
  'DELETE /api/swapmeet/api/reset-bookings/{id}',
  // Volunteer, public and sign-in
  'GET /api/volunteer/bingo/{id}/placement',
  'POST /api/volunteer/bingo/{id}/reserve',
  'POST /api/volunteer/bingo/{id}/release',
  'GET /api/public/raffle/drawing/results',
  'POST /api/partner/sendByEmail',
  'POST /profile/security/devices/add/options',
  'POST /profile/security/devices/add',
  'POST /admin/security/user/{user_id}/devices/add/options',
  'POST /admin/security/user/{user_id}/devices/add',
  'POST /login/options',
  'POST /login',
]);

/** `GET /api/cr/events` — the key SPEC_OPERATIONS uses. */
export const operationKey = (route: Pick<ServiceRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${openApiPath(route.path)}`;

type Json = Record<string, unknown>;

const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/** The snake_case property names anywhere in a schema. */
function snakeNames(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((item) => snakeNames(item, found));
  else if (schema && typeof schema === 'object') {
    const { properties, ...rest } = schema as Json;
    if (properties && typeof properties === 'object') {
      for (const [name, property] of Object.entries(properties)) {
        if (SNAKE.test(name)) found.add(name);
        snakeNames(property, found);
      }
    }
    for (const value of Object.values(rest)) if (value && typeof value === 'object') snakeNames(value, found);
  }
  return found;
}

/** What in a route's declared shapes departs from the convention, in French (empty: it follows it). */
export function departures(route: ServiceRoute): string[] {
  const found: string[] = [];
  const answer = jsonSchema(route.responses?.[route.status] as TSchema | undefined) as Json | undefined;
  const properties = Object.keys((answer?.properties ?? {}) as Json);
  const first = properties.length === 1 ? ((answer!.properties as Record<string, Json>)[properties[0]!] ?? {}) : undefined;
  if (answer?.type === 'array') found.push('liste nue au lieu de { items, total }');
  if (properties.includes('success') && properties.some((p) => p !== 'success' && p !== 'message'))
    found.push('enveloppe { success, … } au lieu de l’objet lui-même');
  if (route.method === 'get' && first?.type === 'array')
    found.push(
      properties[0] === 'items' ? 'liste { items } sans son total' : `liste dans { ${properties[0]} } au lieu de { items, total }`,
    );
  if (route.status === 201 && first && first.type === 'object')
    found.push(`création enveloppée dans { ${properties[0]} } au lieu de l’objet au premier niveau`);
  const snake = [answer, route.body, route.query, route.params].flatMap((schema) => [...snakeNames(jsonSchema(schema as TSchema))]);
  if (snake.length) found.push(`noms en snake_case (${[...new Set(snake)].join(', ')}) au lieu de camelCase`);
  return found;
}
