/**
 * The request and answer types of a path as docs/openapi.json describes them, read from the types
 * openapi-typescript generates from it (`./openapi.d.ts`, written by `npm run openapi`). The front ends'
 * clients type every call with these, never with a shape of their own: a screen reading a field the
 * document lacks fails to compile, so the screens prove the document complete (docs/api.md §2).
 */
import type { paths } from './openapi';

export type { paths };

/** A path of the document, as written there (`/api/admin/raffles/{id}`). */
export type ApiPath = keyof paths;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The JSON a path answers with `status` (200 unless said); `unknown` when the document describes no
 * JSON for it, so a screen reading such an answer fails to compile instead of trusting a guess.
 */
export type Answer<P extends ApiPath, M extends Method, S extends number = 200> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : unknown;

/** The JSON body a path takes. */
export type Body<P extends ApiPath, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer T } };
}
  ? T
  : never;
