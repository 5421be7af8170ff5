/**
 * Bad requests generated from a route's own schemas, deterministic for a seed: a plausible body (what
 * the schema asks for, filled with ordinary values) with one field replaced by something hostile —
 * the wrong type, a number past Postgres' integer, a negative or fractional one, a decimal comma, a
 * long string, a NUL character, deep nesting — and path parameters and queries the same way. What a
 * careless or malicious client sends; every answer must be a 4xx in French with a code, never a 5xx.
 */
import type { TSchema } from '@sinclair/typebox';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON schema as TypeBox writes it (the keywords the generator reads). */
interface Node {
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  format?: string;
  default?: Json;
}

/** A small seeded generator (mulberry32): the same seed, the same requests, run after run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `list` drawn without repetition (all of them when the list is shorter). */
export function sample<T>(list: readonly T[], count: number, random: () => number): T[] {
  const pool = [...list];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

function nested(depth: number): Json {
  let value: Json = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** What replaces one field of a plausible body. */
export const HOSTILE_VALUES: readonly Json[] = [
  3_000_000_000,
  -3_000_000_000,
  2 ** 53 + 2,
  1e308,
  -1,
  0,
  1.5,
  21_474_836.48,
  30_000_000,
  '30,50',
  '1 000 000 000,00',
  '99999999999999999999999',
  '-12,5',
  '',
  ' ',
  'x'.repeat(10_000),
  'a\u0000b',
  '=HYPERLINK("http://x")',
  '2026-13-45',
  'é'.repeat(300),
  true,
  null,
  {},
  [],
  [1, 'deux', null],
  nested(100),
];

/** What replaces one path parameter (already encoded for a URL). */
export const HOSTILE_PARAMS: readonly string[] = [
  '3000000000',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e400',
  'abc',
  '30%2C50',
  '%00',
  'x'.repeat(400),
  '%C3%A9t%C3%A9',
  '2147483648',
  '-2147483649',
];

/** What replaces one query value (encoded). */
export const HOSTILE_QUERY: readonly string[] = ['3000000000', '-1', 'abc', '1.5', '30%2C50', '%00', 'x'.repeat(2_000), '2026-02-30', ''];

const asNode = (schema: TSchema | undefined): Node | undefined => schema as unknown as Node | undefined;

function typeOf(node: Node): string | undefined {
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  return type;
}

/** An ordinary value the schema accepts (or nearly: patterns are not honoured). */
export function plausible(schema: TSchema | undefined, depth = 0): Json {
  const node = asNode(schema);
  if (!node || depth > 8) return null;
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum[0] as Json;
  if (node.default !== undefined) return node.default;
  const branch = node.anyOf ?? node.oneOf;
  if (branch?.length) return plausible((branch.find((b) => b.type !== 'null') ?? branch[0]) as TSchema, depth + 1);
  if (node.allOf?.length) return plausible(node.allOf[0] as TSchema, depth + 1);
  switch (typeOf(node)) {
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(node.minimum ?? (node.exclusiveMinimum ?? 0) + 1));
    case 'boolean':
      return true;
    case 'string':
      if (node.format === 'date') return '2026-05-16';
      if (node.format === 'date-time') return '2026-05-16T10:00:00Z';
      if (node.format === 'email') return 'fuzz@kermesse.test';
      if (node.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'Texte'.padEnd(node.minLength ?? 0, 'x');
    case 'array':
      return Array.from({ length: node.minItems ?? 0 }, () => plausible(node.items as TSchema, depth + 1));
    case 'object': {
      const out: { [key: string]: Json } = {};
      for (const key of node.required ?? []) out[key] = plausible(node.properties?.[key] as TSchema, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** The paths of the fields of a schema (required or not), down to `maxDepth` levels: `['cart', 0, 'quantity']`. */
export function fieldPaths(schema: TSchema | undefined, maxDepth = 4): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [];
  const walk = (node: Node | undefined, path: Array<string | number>) => {
    if (!node || path.length >= maxDepth) return;
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(branch, path);
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      paths.push([...path, key]);
      walk(child, [...path, key]);
    }
    if (node.items) {
      paths.push([...path, 0]);
      walk(node.items, [...path, 0]);
    }
  };
  walk(asNode(schema), []);
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `base` with `value` at `path`, the containers on the way created as needed. */
export function setAt(base: Json, path: Array<string | number>, value: Json): Json {
  const root: Json = structuredClone(base ?? {});
  let holder = (typeof root === 'object' && root !== null ? root : {}) as Record<string | number, Json>;
  const top = holder;
  path.forEach((step, index) => {
    if (index === path.length - 1) {
      holder[step] = value;
      return;
    }
    const next = holder[step];
    if (typeof next !== 'object' || next === null) holder[step] = typeof path[index + 1] === 'number' ? [] : {};
    holder = holder[step] as unknown as Record<string | number, Json>;
  });
  return top as Json;
}

/** One generated request: a path with its parameters filled, a query string, a JSON body text. */
export interface BadRequest {
  path: string;
  body?: string;
  /** What was hostile, for the failure report. */
  what: string;
}

export interface RouteShape {
  method: string;
  path: string;
  body?: TSchema;
  query?: TSchema;
}

const fill = (path: string, values: Record<string, string>) => path.replace(/:(\w+)/g, (_whole, name: string) => values[name] ?? '1');

/**
 * Every bad request the generator knows for a route (its path parameters, its query, its body field by
 * field, the whole body), before sampling.
 */
export function badRequests(route: RouteShape): BadRequest[] {
  const out: BadRequest[] = [];
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const hasBody = route.method !== 'get' && route.method !== 'delete';
  const body = hasBody ? plausible(route.body) : undefined;
  const bodyText = body === undefined ? undefined : JSON.stringify(body ?? {});
  const queryBase = (plausible(route.query) ?? {}) as Record<string, Json>;
  const queryOf = (values: Record<string, Json>) => {
    const entries = Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${typeof v === 'string' ? v : String(v)}`);
    return entries.length ? `?${entries.join('&')}` : '';
  };
  const plainPath = fill(route.path, {}) + queryOf(queryBase);
  for (const name of params) {
    for (const value of HOSTILE_PARAMS)
      out.push({ path: fill(route.path, { [name]: value }) + queryOf(queryBase), body: bodyText, what: `:${name}=${value.slice(0, 40)}` });
  }
  for (const [name] of Object.entries(asNode(route.query)?.properties ?? {})) {
    for (const value of HOSTILE_QUERY) {
      out.push({
        path: fill(route.path, {}) + queryOf({ ...queryBase, [name]: value }),
        body: bodyText,
        what: `?${name}=${value.slice(0, 40)}`,
      });
    }
    out.push({ path: `${fill(route.path, {})}?${name}=1&${name}=2`, body: bodyText, what: `?${name} twice` });
  }
  if (hasBody) {
    for (const path of fieldPaths(route.body)) {
      for (const value of HOSTILE_VALUES) {
        out.push({
          path: plainPath,
          body: JSON.stringify(setAt(body ?? {}, path, value)),
          what: `${path.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`,
        });
      }
    }
    for (const whole of [
      '[]',
      '"texte"',
      '42',
      'null',
      '{"a":',
      JSON.stringify(nested(400)),
      JSON.stringify({ ...(body as object), inconnu: 1 }),
    ]) {
      out.push({ path: plainPath, body: whole, what: `body ${whole.slice(0, 40)}` });
    }
  }
  if (!params.length && !out.length)
    out.push({ path: plainPath + (plainPath.includes('?') ? '&' : '?') + 'x=%00', body: bodyText, what: '?x=NUL' });
  return out;
}
