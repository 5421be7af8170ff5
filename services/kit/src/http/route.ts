/**
 * `defineRoute`: one route of a service, declared with the TypeBox schemas of its domain contract
 * (`contracts/<domain>`). The handler receives `body`, `params` and `query` already validated and
 * typed from those schemas — no `ctx.state.body as T` cast — and `user` when roles are required.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Context } from 'koa';
import type { Role } from '../auth/roles.ts';
import type { AuthUser } from '../auth/verifier.ts';
import { requireRole } from '../auth/middleware.ts';
import { checkAnswer } from './answerCheck.ts';
import { compileValidator } from './validation.ts';
// Types ctx.state (user, request id) for the handlers.
import type {} from './state.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Infer<S> = S extends TSchema ? Static<S> : undefined;

/** What a handler receives besides Koa's context. */
export interface RouteInput<B, P, Q, U> {
  ctx: Context;
  body: B;
  params: P;
  query: Q;
  /** The signed-in user; always present when the route names roles. */
  user: U;
}

export interface RouteDefinition<
  B extends TSchema | undefined,
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  R extends readonly Role[] | undefined,
> {
  method: Method;
  path: string;
  /** Roles allowed (admin always passes); omitted for a public route. */
  roles?: R;
  body?: B;
  params?: P;
  query?: Q;
  /**
   * Returns the response body (status 200, or `status`) — or sets `ctx` itself and returns
   * undefined (files, redirects).
   */
  handler: (
    input: RouteInput<Infer<B>, Infer<P>, Infer<Q>, R extends readonly Role[] ? AuthUser : AuthUser | undefined>,
  ) => Promise<unknown> | unknown;
  /** Status of a successful answer (default 200; 201 for a creation). */
  status?: number;
  /** What the route does, in French, one line: the operation's summary in docs/openapi.json (docs/api.md §2). */
  summary: string;
  /** More about the route, in French (OpenAPI description); optional. */
  description?: string;
  /**
   * A path docs/spec.md does not fix, written before the convention of docs/api.md §1 and kept for
   * compatibility (its screens and the scripts already written call it): how its shape departs from
   * the convention, in French. The operation is marked `deprecated` in docs/openapi.json.
   */
  deprecated?: string;
  /**
   * The schemas of its answers per status (`{ 200: StocksAnswer }`), from the domain's contract. The
   * success answer is checked against its schema in test mode (see `answerCheck.ts`). `{}` says the
   * route answers no JSON (a file, a stream or a redirect).
   */
  responses?: RouteResponses;
  /**
   * The contract's error codes it may answer, per status (`{ 404: ['EVENT_NOT_FOUND'] }`), besides
   * the ones every route may answer (400 VALIDATION with a body, params or query; 401/403 with roles).
   */
  errors?: RouteErrors;
}

/** Answer schemas by HTTP status. A route answering a file or a redirect names none. */
export type RouteResponses = Readonly<Partial<Record<number, TSchema>>>;

/** Error codes by HTTP status. */
export type RouteErrors = Readonly<Partial<Record<number, readonly string[]>>>;

/** What a route declares, as `describeRoutes` lists it (the fuzz test and the range audit read it). */
export interface RouteDescription {
  method: Method;
  /** The full path, the router's prefix included (`/api/public/bingo/:id/tableau`). */
  path: string;
  /** Roles allowed (admin always passes); undefined for a public route. */
  roles?: readonly Role[];
  body?: TSchema;
  params?: TSchema;
  query?: TSchema;
  /** Status of a successful answer. */
  status: number;
  summary?: string;
  description?: string;
  /** Kept for compatibility, in the shape it had before the convention: how it departs from it. */
  deprecated?: string;
  responses?: RouteResponses;
  errors?: RouteErrors;
}

const declared = new WeakMap<Router, RouteDescription[]>();

/**
 * Every route declared with `defineRoute` in the routers of a service's app, in order. Routes a
 * router adds by hand (files, health) are not listed.
 */
export function describeRoutes(app: Koa): RouteDescription[] {
  return app.middleware.flatMap((middleware) => {
    const router = (middleware as { router?: Router }).router;
    return router ? (declared.get(router) ?? []) : [];
  });
}

/**
 * Adds one route to `router`: authorize (401/403), then validate params, query and body (400 in
 * French naming the field), then run the handler. Path parameters and query strings are coerced
 * ("12" → 12); bodies are not.
 */
export function defineRoute<
  B extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  R extends readonly Role[] | undefined = undefined,
>(router: Router, definition: RouteDefinition<B, P, Q, R>): void {
  const checkParams = definition.params ? compileValidator(definition.params as Record<string, unknown>, 'paramètre') : undefined;
  const checkQuery = definition.query ? compileValidator(definition.query as Record<string, unknown>, 'paramètre') : undefined;
  const checkBody = definition.body ? compileValidator(definition.body as Record<string, unknown>, 'corps') : undefined;
  const authorize = definition.roles ? requireRole(...definition.roles) : undefined;
  const successStatus = definition.status ?? 200;
  const prefix = (router as { opts?: { prefix?: string } }).opts?.prefix ?? '';
  const check = checkAnswer(definition.method, prefix + definition.path, definition.responses);

  const handle = async (ctx: Context) => {
    const run = async () => {
      const params = checkParams ? checkParams({ ...(ctx as unknown as { params: Record<string, string> }).params }) : undefined;
      const query = checkQuery ? checkQuery({ ...ctx.query }) : undefined;
      const body = checkBody ? checkBody((ctx.request as { body?: unknown }).body ?? {}) : undefined;
      const result = await definition.handler({
        ctx,
        body: body as Infer<B>,
        params: params as Infer<P>,
        query: query as Infer<Q>,
        user: ctx.state.user as R extends readonly Role[] ? AuthUser : AuthUser | undefined,
      });
      if (result !== undefined) {
        check?.(successStatus, result);
        ctx.status = successStatus;
        ctx.body = result;
      }
    };
    if (authorize) await authorize(ctx, run);
    else await run();
  };
  router[definition.method](definition.path, handle);
  const list = declared.get(router) ?? [];
  list.push({
    method: definition.method,
    path: prefix + definition.path,
    roles: definition.roles,
    body: definition.body,
    params: definition.params,
    query: definition.query,
    status: successStatus,
    summary: definition.summary,
    description: definition.description,
    deprecated: definition.deprecated,
    responses: definition.responses,
    errors: definition.errors,
  });
  declared.set(router, list);
}
