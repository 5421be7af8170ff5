/**
 * The OpenAPI document built from the route registry: Koa paths become OpenAPI paths, each operation
 * carries its French summary, its roles, its error codes per status and its security, and the
 * contracts' TypeBox schemas become JSON Schema 2020-12 (tuples included).
 */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { buildOpenApi, type RegistryRoute } from './openapi.ts';

const Checkout = Type.Tuple([Type.Object({ id: Type.Integer() }), Type.Object({ raffles: Type.Array(Type.String()) })]);

const routes: RegistryRoute[] = [
  {
    service: 'register',
    method: 'get',
    path: '/api/cr/checkouts/:checkoutId',
    summary: 'Lire une caisse et ses produits',
    roles: ['cashier'],
    params: Type.Object({ checkoutId: Type.Integer({ minimum: 1 }) }),
    status: 200,
    responses: { 200: Checkout },
    errors: { 404: ['CHECKOUT_NOT_FOUND'] },
  },
  { service: 'raffle', method: 'get', path: '/api/public/raffle/presale', summary: 'Lire la prévente de tombola', status: 200 },
  {
    service: 'register',
    method: 'get',
    path: '/api/admin/events',
    summary: 'Lister les événements',
    roles: ['admin'],
    deprecated: 'Liste nue au lieu de { items, total }.',
    status: 200,
    responses: { 200: Type.Array(Type.Object({ id: Type.Integer() })) },
  },
  { service: 'raffle', method: 'post', path: '/internal/claims/', summary: 'Réserver des tickets pour une vente', status: 201 },
];

const document = buildOpenApi(routes, { version: '1.0.0' }) as {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

describe('OpenAPI document of the registry', () => {
  it('describes a route with its summary, roles, parameters, answer and error codes', () => {
    expect(document.openapi).toBe('3.1.0');
    const operation = document.paths['/api/cr/checkouts/{checkoutId}']!.get!;
    expect(operation).toMatchObject({
      summary: 'Lire une caisse et ses produits',
      'x-roles': ['cashier'],
      tags: ['Caisse et administration'],
      parameters: [{ name: 'checkoutId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
    });
    expect(operation.description).toMatch(/Rôles : caissier/);
    expect(operation.security).toBeUndefined();
    const responses = operation.responses as Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '404', '503']);
    expect(responses['404']!.description).toMatch(/CHECKOUT_NOT_FOUND/);
    // A TypeBox tuple becomes JSON Schema 2020-12's prefixItems.
    expect(responses['200']!.content!['application/json']!.schema).toMatchObject({
      type: 'array',
      prefixItems: [{ type: 'object' }, { type: 'object' }],
      items: false,
    });
  });

  it('marks a public route `security: []` and leaves the services’ private paths out', () => {
    expect(document.paths['/api/public/raffle/presale']!.get!.security).toEqual([]);
    expect(Object.keys(document.paths)).not.toContain('/internal/claims/');
  });

  it('marks a path kept for compatibility deprecated, saying how it departs from the convention', () => {
    const operation = document.paths['/api/admin/events']!.get!;
    expect(operation.deprecated).toBe(true);
    expect(operation.description).toMatch(/gardée pour compatibilité — Liste nue au lieu de \{ items, total \}\./);
    expect(document.paths['/api/cr/checkouts/{checkoutId}']!.get!.deprecated).toBeUndefined();
  });
});
