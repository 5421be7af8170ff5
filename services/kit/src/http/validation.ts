import { Ajv, type ErrorObject, type JSONSchemaType, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import type { Middleware } from 'koa';
import { formulaMessage, SPREADSHEET_SAFE_PATTERN } from '@kermesse/contracts-common';
import { invalidInput } from './errors.ts';
import { formatEuros, parseEuros } from '@kermesse/contracts-common';
import type { EurosKeyword } from '@kermesse/contracts-common/schemas';

/** One Ajv instance for the whole process: schemas are compiled once, at module load. */
// `verbose` keeps each error's schema, whose `title` names a field the way the user knows it.
export const ajv = new Ajv({ allErrors: false, coerceTypes: false, useDefaults: true, removeAdditional: false, verbose: true });
// ajv-formats is CommonJS: under Node's ESM loader its function sits on `.default`.
const addFormats = (formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin;
addFormats(ajv);

/** Ajv with query-string coercion ("12" → 12), for `?id=12`-style parameters. */
const queryAjv = new Ajv({ allErrors: false, coerceTypes: true, useDefaults: true, verbose: true });
addFormats(queryAjv);

/**
 * The absolute value in cents of an amount sent as a number or as text (« 1 234,50 € »); undefined when
 * it is no amount at all (the domain's own rule refuses it with its own words).
 */
function amountCents(data: unknown): number | undefined {
  if (typeof data === 'number') return Number.isFinite(data) ? Math.abs(data * 100) : Infinity;
  if (typeof data !== 'string') return undefined;
  const cents = parseEuros(data, { negative: true });
  if (cents !== null) return Math.abs(cents);
  // Digits beyond what a safe integer holds: an amount, and far too large.
  return /^[\s\u00a0\u202f€+-]*\d{16,}/.test(data) ? Infinity : undefined;
}

// `euros` (contracts-common's MoneyInput): an amount above the ceiling never reaches the database.
for (const instance of [ajv, queryAjv]) {
  instance.addKeyword({
    keyword: 'euros',
    schemaType: 'object',
    errors: false,
    validate: (keyword: EurosKeyword, data: unknown) => {
      const cents = amountCents(data);
      return cents === undefined || cents <= keyword.maxCents;
    },
  });
}

export type Schema<T> = JSONSchemaType<T> | Record<string, unknown>;

/** Turns the first Ajv error into a French sentence that names the field. */
export function frenchMessage(error: ErrorObject | undefined, where: 'corps' | 'paramètre' = 'corps'): string {
  if (!error) return 'Requête invalide.';
  const title = (error.parentSchema as { title?: unknown } | undefined)?.title;
  const path = typeof title === 'string' ? title : error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // The whole body (a list of payments…) with no title: say « the request », never « Le champ «  » ».
  const field = (name: string) => (name ? `Le champ « ${name} »` : `Le ${where} de la requête`);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field(path ? `${path}.${String(p.missingProperty)}` : String(p.missingProperty))} est obligatoire.`;
    case 'additionalProperties':
      return `${field(path ? `${path}.${String(p.additionalProperty)}` : String(p.additionalProperty))} n'est pas autorisé.`;
    case 'type':
      return path
        ? `${field(path)} doit être de type ${frenchType(String(p.type))}.`
        : `Le ${where} de la requête doit être de type ${frenchType(String(p.type))}.`;
    case 'minLength':
      return Number(p.limit) === 1
        ? `${field(path)} ne doit pas être vide.`
        : `${field(path)} doit contenir au moins ${String(p.limit)} caractères.`;
    case 'maxLength':
      return `${field(path)} ne doit pas dépasser ${String(p.limit)} caractères.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${field(path)} doit être ${error.keyword === 'minimum' ? 'supérieur ou égal à' : 'supérieur à'} ${frenchNumber(p.limit)}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${field(path)} doit être ${error.keyword === 'maximum' ? 'inférieur ou égal à' : 'inférieur à'} ${frenchNumber(p.limit)}.`;
    case 'format':
      return `${field(path)} n'est pas au bon format (${String(p.format)}).`;
    case 'enum':
      return `${field(path)} doit valoir l'une des valeurs : ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'pattern':
      // A name or a label that a spreadsheet would run (exports): say so, naming the field.
      if (p.pattern === SPREADSHEET_SAFE_PATTERN) return formulaMessage(path || 'texte');
      return `${field(path)} n'est pas au bon format.`;
    case 'minItems':
      return `${field(path)} doit contenir au moins ${String(p.limit)} élément(s).`;
    case 'maxItems':
      return `${field(path)} doit contenir au plus ${String(p.limit)} élément(s).`;
    case 'euros': {
      const max = (error.schema as EurosKeyword | undefined)?.maxCents ?? 0;
      return `${field(path)} ne peut dépasser ${formatEuros(max)}.`;
    }
    default:
      return path ? `${field(path)} est invalide.` : 'Requête invalide.';
  }
}

/** « 2 147 483 647 », « 0,5 »: a limit as a French reader writes it. */
const frenchNumber = (limit: unknown): string => (typeof limit === 'number' ? new Intl.NumberFormat('fr-FR').format(limit) : String(limit));

const FRENCH_TYPES: Record<string, string> = {
  string: 'texte',
  integer: 'entier',
  number: 'nombre',
  boolean: 'booléen',
  object: 'objet',
  array: 'liste',
  null: 'vide',
};

/** `string,null` (a union) → « texte ou vide ». */
function frenchType(type: string): string {
  return type
    .split(',')
    .map((t) => FRENCH_TYPES[t.trim()] ?? t)
    .join(' ou ');
}

/** A NUL character (Postgres refuses it in text) anywhere in a value: the path of the first one. */
export function findNulCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNulCharacter(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The path of the field an Ajv error is about (`cart.0.quantity`), undefined for the whole input. */
function fieldOf(error: ErrorObject): string | undefined {
  const p = error.params as Record<string, unknown>;
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const leaf =
    error.keyword === 'required' ? p.missingProperty : error.keyword === 'additionalProperties' ? p.additionalProperty : undefined;
  const path = leaf === undefined ? base : base ? `${base}.${String(leaf)}` : String(leaf);
  return path || undefined;
}

/** French 400 for a NUL character in the body or the query, naming the field. */
export function nulCharacterMessage(path: string): string {
  return path
    ? `Le champ « ${path} » contient un caractère interdit (caractère nul).`
    : 'La requête contient un caractère interdit (caractère nul).';
}

/**
 * The path of the first number that is not finite (`1e400` in a path or in JSON reads as Infinity):
 * Ajv's coercion lets it through a range, Postgres would refuse it with a 500.
 */
export function findNonFiniteNumber(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNonFiniteNumber(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Compiles a schema once and returns a function that throws a 400 with the French message. */
export function compileValidator<T>(schema: Schema<T>, where: 'corps' | 'paramètre' = 'corps'): (data: unknown) => T {
  const validate = (where === 'corps' ? ajv : queryAjv).compile(schema) as ValidateFunction<T>;
  return (data: unknown): T => {
    if (validate(data)) {
      const infinite = findNonFiniteNumber(data);
      if (infinite === undefined) return data;
      throw invalidInput(
        infinite ? `Le champ « ${infinite} » doit être un nombre fini.` : `Le ${where} de la requête doit être un nombre fini.`,
        infinite || undefined,
      );
    }
    const first = validate.errors?.[0];
    throw invalidInput(frenchMessage(first, where), first ? fieldOf(first) : undefined);
  };
}

/** Validates `ctx.request.body` against a JSON schema; the typed result is in `ctx.state.body`. */
export function validateBody<T>(schema: Schema<T>): Middleware {
  const check = compileValidator(schema, 'corps');
  return async function validateBodyMiddleware(ctx, next) {
    ctx.state.body = check((ctx.request as { body?: unknown }).body ?? {});
    await next();
  };
}

/** Validates `ctx.query` (values coerced from strings); the typed result is in `ctx.state.query`. */
export function validateQuery<T>(schema: Schema<T>): Middleware {
  const check = compileValidator(schema, 'paramètre');
  return async function validateQueryMiddleware(ctx, next) {
    ctx.state.query = check({ ...ctx.query });
    await next();
  };
}

/** Validates path parameters (coerced), e.g. `{ eventId: { type: 'integer', minimum: 1 } }`. */
export function validateParams<T>(schema: Schema<T>): Middleware {
  const check = compileValidator(schema, 'paramètre');
  return async function validateParamsMiddleware(ctx, next) {
    ctx.state.params = check({ ...(ctx as unknown as { params: Record<string, string> }).params });
    await next();
  };
}
