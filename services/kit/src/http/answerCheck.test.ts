/**
 * Answers checked against their declared schema in test mode: a route whose answer drifts from its
 * contract fails the test that calls it (500, logged with the route and the field), while a faithful
 * answer goes through untouched — and nothing is checked outside test mode.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Type } from '@sinclair/typebox';
import { checkAnswer } from './answerCheck.ts';
import { HttpError } from './errors.ts';

const Answer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  startsOn: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('answer check', () => {
  it('lets a faithful answer through, read as JSON (a Date becomes its text)', () => {
    vi.stubEnv('KERMESSE_CHECK_ANSWERS', '1');
    const check = checkAnswer('get', '/api/things/:id', { 200: Answer })!;
    expect(() => check(200, { id: 1, name: 'Kermesse', startsOn: '2026-06-20' })).not.toThrow();
    expect(() => check(200, { id: 1, name: 'Kermesse', startsOn: null, extra: undefined })).not.toThrow();
  });

  it('turns an answer that drifted from its schema into a logged 500 naming the route and the field', () => {
    vi.stubEnv('KERMESSE_CHECK_ANSWERS', '1');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const check = checkAnswer('get', '/api/things/:id', { 200: Answer })!;
    let thrown: unknown;
    try {
      check(200, { id: '1', name: 'Kermesse', startsOn: null });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).status).toBe(500);
    expect((thrown as HttpError).code).toBe('ANSWER_MISMATCH');
    expect(String(log.mock.calls[0]?.[0])).toMatch(/GET \/api\/things\/:id \(200\).*\/id/);
  });

  it('refuses a status the route does not declare', () => {
    vi.stubEnv('KERMESSE_CHECK_ANSWERS', '1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const check = checkAnswer('post', '/api/things', { 201: Answer })!;
    expect(() => check(200, { id: 1, name: 'x', startsOn: null })).toThrow(/aucun schéma déclaré pour le statut 200/);
  });

  it('checks nothing outside test mode', () => {
    vi.stubEnv('KERMESSE_CHECK_ANSWERS', '');
    expect(checkAnswer('get', '/api/things/:id', { 200: Answer })).toBeUndefined();
  });
});
