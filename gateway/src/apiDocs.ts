/**
 * The API described, for anyone without a token: `GET /api/openapi.json` (the document the registry
 * generates, docs/openapi.json) and `GET /api/docs`, a readable page drawn by Scalar's API reference
 * from its standalone bundle in node_modules (no CDN: the page works on a fair's offline network).
 * docs/api.md §2 says how to read it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Middleware } from 'koa';
import { routeNotFound } from './errors.ts';

const require = createRequire(import.meta.url);

/** Scalar's bundle, resolved once: the package's own export of its browser build. */
const SCALAR_BUNDLE = require.resolve('@scalar/api-reference/browser/standalone.js');

/** Starts the reference on the page's `#reference` element, without the fonts Scalar would fetch from its CDN. */
const START_SCRIPT = `Scalar.createApiReference('#reference', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  metaData: { title: 'API Kermesse' },
});
`;

const PAGE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API Kermesse</title>
  </head>
  <body>
    <noscript>Cette page a besoin de JavaScript ; le document brut est à <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <main id="reference"></main>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/** Serves the document and its page; `root` is the repository root (docs/openapi.json). */
export function apiDocs({ root }: { root: string }): Middleware {
  const documentFile = path.join(root, 'docs', 'openapi.json');
  let document: Promise<Buffer> | undefined;
  let bundle: Promise<Buffer> | undefined;
  return async function apiDocsMiddleware(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    switch (ctx.path) {
      case '/api/openapi.json':
        document ??= readFile(documentFile);
        try {
          ctx.body = await document;
        } catch {
          document = undefined;
          throw routeNotFound();
        }
        ctx.type = 'application/json; charset=utf-8';
        ctx.set('Cache-Control', 'no-cache');
        return;
      case '/api/docs':
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = PAGE;
        return;
      case '/api/docs/scalar.js':
        bundle ??= readFile(SCALAR_BUNDLE);
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = await bundle;
        return;
      case '/api/docs/start.js':
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = START_SCRIPT;
        return;
      default:
        return next();
    }
  };
}
