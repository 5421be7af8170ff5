/** `GET /up-prizes/{file}`: prize illustrations, public (docs/spec.md §2). */
import { notFound, Router } from '@kermesse/kit/http';
import type { RouteDeps } from '../deps.ts';

export function uploadRoutes({ store }: RouteDeps): Router {
  const router = new Router({ prefix: '/up-prizes' });

  router.get('/:file', async (ctx) => {
    const file = await store.open(String((ctx as unknown as { params: { file: string } }).params.file));
    if (!file) throw notFound('Image introuvable.');
    ctx.set('Content-Type', file.contentType);
    ctx.set('Content-Length', String(file.size));
    // Uploaded names are random and never reused: their content never changes. Demo files ship
    // with the code and may be redrawn in a later version.
    const name = String((ctx as unknown as { params: { file: string } }).params.file);
    ctx.set('Cache-Control', name.startsWith('demo-') ? 'public, max-age=86400' : 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.body = file.stream;
  });

  return router;
}
