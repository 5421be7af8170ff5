import { Ajv, type ErrorObject, type JSONSchemaType, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import type { Middleware } from 'koa';
import { badRequest } from './errors.ts';

/** One Ajv instance for the whole process: schemas are compiled once, at module load. */
export const ajv = new Ajv({ allErrors: false, coerceTypes: false, useDefaults: true, removeAdditional: false });
// ajv-formats is CommonJS: under Node's ESM loader its function sits on `.default`.
const addFormats = ((formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin);
addFormats(ajv);

/** Ajv with query-string coercion ("12" → 12), for `?id=12`-style parameters. */
const queryAjv = new Ajv({ allErrors: false, coerceTypes: true, useDefaults: true });
addFormats(queryAjv);

export type Schema<T> = JSONSchemaType<T> | Record<string, unknown>;

/** Turns the first Ajv error into a French sentence that names the field. */
export function frenchMessage(error: ErrorObject | undefined, where: 'corps' | 'paramètre' = 'corps'): string {
  if (!error) return 'Requête invalide.';
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = (name: string) => `Le champ « ${name} »`;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field(path ? `${path}.${String(p.missingProperty)}` : String(p.missingProperty))} est obligatoire.`;
    case 'additionalProperties':
      return `${field(path ? `${path}.${String(p.additionalProperty)}` : String(p.additionalProperty))} n'est pas autorisé.`;
    case 'type':
      return path ? `${field(path)} doit être de type ${frenchType(String(p.type))}.` : `Le ${where} de la requête doit être de type ${frenchType(String(p.type))}.`;
    case 'minLength':
      return Number(p.limit) === 1 ? `${field(path)} ne doit pas être vide.` : `${field(path)} doit contenir au moins ${String(p.limit)} caractères.`;
    case 'maxLength':
      return `${field(path)} ne doit pas dépasser ${String(p.limit)} caractères.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${field(path)} doit être ${error.keyword === 'minimum' ? 'supérieur ou égal à' : 'supérieur à'} ${String(p.limit)}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${field(path)} doit être ${error.keyword === 'maximum' ? 'inférieur ou égal à' : 'inférieur à'} ${String(p.limit)}.`;
    case 'format':
      return `${field(path)} n'est pas au bon format (${String(p.format)}).`;
    case 'enum':
      return `${field(path)} doit valoir l'une des valeurs : ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'pattern':
      return `${field(path)} n'est pas au bon format.`;
    case 'minItems':
      return `${field(path)} doit contenir au moins ${String(p.limit)} élément(s).`;
    case 'maxItems':
      return `${field(path)} doit contenir au plus ${String(p.limit)} élément(s).`;
    default:
      return path ? `${field(path)} est invalide.` : 'Requête invalide.';
  }
}

function frenchType(type: string): string {
  return ({ string: 'texte', integer: 'entier', number: 'nombre', boolean: 'booléen', object: 'objet', array: 'liste', null: 'null' } as Record<string, string>)[type] ?? type;
}

/** Compiles a schema once and returns a function that throws a 400 with the French message. */
export function compileValidator<T>(schema: Schema<T>, where: 'corps' | 'paramètre' = 'corps'): (data: unknown) => T {
  const validate = (where === 'corps' ? ajv : queryAjv).compile(schema) as ValidateFunction<T>;
  return (data: unknown): T => {
    if (validate(data)) return data;
    throw badRequest(frenchMessage(validate.errors?.[0], where));
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
