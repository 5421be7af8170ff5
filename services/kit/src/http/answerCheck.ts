/**
 * Answers checked against their declared schemas, in test mode only: with `KERMESSE_CHECK_ANSWERS=1`
 * (set by the vitest projects that run services), every answer of a `defineRoute` route that declares
 * a schema for its status is validated as the client will read it (after JSON), and one that does not
 * match is logged with the route and Ajv's errors and turned into a 500 — so the test that made the
 * call fails. In production nothing is compiled and nothing runs: the documented shape is a promise the
 * tests keep (docs/api.md §3).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { HttpError } from './errors.ts';

/** True when answers are checked (the test projects set it; never set in production). */
export function answersChecked(): boolean {
  return process.env.KERMESSE_CHECK_ANSWERS === '1';
}

let answerAjv: Ajv | undefined;

function ajvForAnswers(): Ajv {
  if (answerAjv) return answerAjv;
  // No defaults, no coercion: the answer is read as it is. `strict: false` lets the contracts' own
  // keywords (`euros` of a money input echoed back) through without a meaning here.
  answerAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  const addFormats = (formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin;
  addFormats(answerAjv);
  return answerAjv;
}

/**
 * A checker for one route's answers, or undefined when answers are not checked or the route declares
 * no schema. Compiles each schema on first use.
 */
export function checkAnswer(
  method: string,
  path: string,
  responses: Readonly<Partial<Record<number, TSchema>>> | undefined,
): ((status: number, body: unknown) => void) | undefined {
  // `{}`: the route answers no JSON (a file, a page), nothing to check.
  if (!answersChecked() || !responses || Object.keys(responses).length === 0) return undefined;
  const compiled = new Map<number, ValidateFunction>();
  return (status, body) => {
    const schema = responses[status];
    if (!schema) {
      fail(method, path, status, `aucun schéma déclaré pour le statut ${status}`);
      return;
    }
    let validate = compiled.get(status);
    if (!validate) {
      validate = ajvForAnswers().compile(schema);
      compiled.set(status, validate);
    }
    // What the client reads: dates become strings, undefined fields vanish.
    const sent: unknown = JSON.parse(JSON.stringify(body) ?? 'null');
    if (validate(sent)) return;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
    fail(method, path, status, errors.join('; '));
  };
}

function fail(method: string, path: string, status: number, why: string): never {
  const message = `Réponse non conforme à son schéma : ${method.toUpperCase()} ${path} (${status}) — ${why}`;
  // Loud on purpose: the test sees a 500, the log says which route and which field.
  console.error(message);
  throw new HttpError(500, message).withCode('ANSWER_MISMATCH');
}
