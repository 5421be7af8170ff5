/**
 * The OpenAPI 3.1 document of Kermesse, built from the route registry (`describeRoutes` of every
 * service's app): each operation with its French summary, its roles (in its description and in
 * `x-roles`), its parameters and body from the contract's TypeBox schemas, its answer's schema, the
 * error codes it may answer per status, and bearer security (`security: []` for a public route).
 * `scripts/openapi.ts` writes it to docs/openapi.json; the gateway serves that file (docs/api.md §2).
 */
import type { TSchema } from '@sinclair/typebox';
import type { RouteDescription } from './route.ts';

/** A route of the registry with the service that answers it. */
export interface RegistryRoute extends RouteDescription {
  service: string;
}

/** Service names as a French reader knows the modules (OpenAPI tags). */
export const SERVICE_TAGS: Readonly<Record<string, string>> = {
  identity: 'Identité et comptes',
  register: 'Caisse et administration',
  raffle: 'Tombola',
  bingo: 'Loto',
  stock: 'Stock',
  accounting: 'Comptabilité',
  swapmeet: 'Vide-grenier',
  contact: 'Contact et reçus',
  webhooks: 'Webhooks',
};

/** Paths no client reaches: the gateway has no prefix for them (services' own calls to each other). */
export const PRIVATE_PATH = /^\/(?:internal|\.well-known)(?:\/|$)/;

const ROLE_NAMES: Readonly<Record<string, string>> = {
  admin: 'administrateur',
  treasurer: 'trésorier',
  cashier: 'caissier',
  volunteer: 'bénévole',
};

/** The French words of the statuses an operation may answer. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'Succès',
  201: 'Créé',
  202: 'Accepté : la suite arrive plus tard',
  204: 'Sans contenu',
  400: 'Requête invalide (le message nomme le champ)',
  401: 'Authentification requise',
  403: 'Droits insuffisants',
  404: 'Introuvable',
  409: 'Conflit avec l’état actuel',
  413: 'Requête trop volumineuse',
  422: 'Refusé par une règle métier',
  429: 'Trop de requêtes',
  503: 'Service momentanément indisponible',
};

/** Koa's `/:id/tableau` → OpenAPI's `/{id}/tableau`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** `post /api/cr/sale/:id/refund` → `postApiCrSaleIdRefund`: unique, URL-safe. */
export function operationId(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

/**
 * A TypeBox schema as plain JSON Schema 2020-12: TypeBox's symbols vanish through JSON, and the
 * contracts' own keywords (`euros`, the money input's ceiling) become `x-` extensions.
 */
export function jsonSchema(schema: TSchema | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  return clean(JSON.parse(JSON.stringify(schema))) as Record<string, unknown>;
}

const CUSTOM_KEYWORDS = new Set(['euros']);

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const tuple = Array.isArray((value as { items?: unknown }).items);
  for (const [key, item] of Object.entries(value)) {
    // TypeBox writes a tuple the draft-07 way (`items: [...]`, `additionalItems: false`); OpenAPI 3.1
    // speaks JSON Schema 2020-12: `prefixItems: [...]`, `items: false`.
    if (tuple && key === 'items') out.prefixItems = clean(item);
    else if (tuple && key === 'additionalItems') out.items = item;
    else out[CUSTOM_KEYWORDS.has(key) ? `x-${key}` : key] = clean(item);
  }
  return out;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
}

function parameters(schema: TSchema | undefined, where: 'path' | 'query'): Parameter[] {
  const json = jsonSchema(schema);
  const properties = (json?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** The error codes a route may answer, per status: its own and those every route of its kind may. */
export function errorCodes(route: RouteDescription): Map<number, string[]> {
  const codes = new Map<number, string[]>();
  const add = (status: number, code: string) => {
    const list = codes.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    codes.set(status, list);
  };
  if (route.body || route.params || route.query) add(400, 'VALIDATION');
  if (route.roles) {
    add(401, 'UNAUTHENTICATED');
    add(403, 'FORBIDDEN');
  }
  for (const [status, list] of Object.entries(route.errors ?? {})) for (const code of list ?? []) add(Number(status), code);
  add(503, 'UNAVAILABLE');
  return codes;
}

function rolesText(roles: readonly string[] | undefined): string {
  if (!roles) return 'Public : sans jeton.';
  const names = roles.filter((r) => r !== 'admin').map((r) => ROLE_NAMES[r] ?? r);
  return names.length ? `Rôles : ${names.join(', ')} (l’administrateur passe partout).` : 'Rôle : administrateur.';
}

function operation(route: RegistryRoute): Record<string, unknown> {
  const pathParams = parameters(route.params, 'path');
  // A path parameter the route does not validate is still part of its path.
  for (const name of route.path.match(/:([A-Za-z0-9_]+)/g) ?? []) {
    const bare = name.slice(1);
    if (!pathParams.some((p) => p.name === bare)) pathParams.push({ name: bare, in: 'path', required: true, schema: { type: 'string' } });
  }
  const responses: Record<string, unknown> = {};
  const success = route.responses?.[route.status];
  responses[String(route.status)] = {
    description: STATUS_TEXT[route.status] ?? 'Succès',
    ...(success ? { content: { 'application/json': { schema: jsonSchema(success) } } } : {}),
  };
  for (const [status, schema] of Object.entries(route.responses ?? {})) {
    if (Number(status) === route.status || !schema) continue;
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? 'Réponse',
      content: { 'application/json': { schema: jsonSchema(schema) } },
    };
  }
  for (const [status, codes] of errorCodes(route)) {
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Erreur'} — codes : ${codes.join(', ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { enum: codes } } }],
          },
        },
      },
    };
  }
  const legacy =
    route.deprecated && `Obsolète : forme antérieure à la convention de l’API, gardée pour compatibilité — ${route.deprecated}`;
  const description = [rolesText(route.roles), legacy, route.description].filter(Boolean).join('\n\n');
  const query = parameters(route.query, 'query');
  const body = jsonSchema(route.body);
  return {
    operationId: operationId(route.method, route.path),
    summary: route.summary ?? `${route.method.toUpperCase()} ${route.path}`,
    description,
    tags: [SERVICE_TAGS[route.service] ?? route.service],
    ...(route.deprecated ? { deprecated: true } : {}),
    'x-roles': route.roles ? [...route.roles] : [],
    ...(route.roles ? {} : { security: [] }),
    ...(pathParams.length + query.length ? { parameters: [...pathParams, ...query] } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the given routes (private paths left out), paths in order. */
export function buildOpenApi(routes: readonly RegistryRoute[], info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const publicRoutes = routes.filter((r) => !PRIVATE_PATH.test(r.path));
  const sorted = [...publicRoutes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation(route);
  }
  const services = [...new Set(publicRoutes.map((r) => r.service))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Kermesse',
      version: info.version,
      description:
        'L’API de Kermesse derrière sa passerelle : caisse, tombola, loto, stock, comptabilité, vide-grenier. ' +
        'Les montants sont en euros (nombres à deux décimales) sauf un champ qui dit `cents` ; une erreur répond ' +
        '`{ error, code, details? }` avec un message en français. Voir docs/api.md.',
    },
    servers: [{ url: '/', description: 'La passerelle de l’association' }],
    security: [{ bearer: [] }],
    tags: services.map((s) => ({ name: SERVICE_TAGS[s] ?? s, description: `Service ${s}` })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Jeton d’identité (connexion ou jeton API).' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: { type: 'string', description: 'Le message en français, pour la personne.' },
            code: { type: 'string', description: 'Le code stable, pour le programme.' },
            details: { type: 'object', description: 'Les données utiles (le champ refusé, les numéros pris…).' },
          },
        },
      },
    },
  };
}
