import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { BingoParams, Board } from '@kermesse/contracts-bingo';
import { readBoard } from '../../commands/game.ts';
import { findNight } from '../../repositories/nights.ts';
import { bingoNotFound } from '../../errors.ts';
import { BOARD_RECHECK_MS, type BoardHub } from '../../boardHub.ts';

/** Comment lines keep idle proxies from closing the stream. */
const KEEPALIVE_MS = 15_000;

/**
 * The public board (`/loto/{id}/tableau` reads it): `GET /api/public/bingo/{id}/tableau` for its
 * state now, and `…/tableau/stream`, Server-Sent Events sending the whole board at once then at each
 * change — a projector that reconnects gets the current state first.
 */
export function boardRoutes({ db, hub }: { db: Db; hub: BoardHub }): Router {
  const router = new Router({ prefix: '/api/public/bingo' });

  defineRoute(router, {
    method: 'get',
    path: '/:id/tableau',
    summary: "Lire le tableau public d'un loto",
    responses: { 200: Board },
    params: BingoParams,
    handler: async ({ ctx, params }) => {
      ctx.set('Cache-Control', 'no-store');
      return readBoard(db, params.id);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/:id/tableau/stream',
    summary: "Suivre le tableau public d'un loto en direct (flux d'événements)",
    responses: {},
    params: BingoParams,
    handler: async ({ ctx, params }) => {
      const bingoId = params.id;
      if (!(await findNight(db, bingoId))) throw bingoNotFound();
      // Written straight to the socket (Koa's stream piping would report every closed projector as an error).
      ctx.respond = false;
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      const stream = ctx.res;
      stream.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
        'X-Request-Id': String(ctx.state.requestId ?? ''),
      });

      let sent = -1;
      let running = false;
      let again = false;
      let closed = false;
      const push = async () => {
        if (closed) return;
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          do {
            again = false;
            const board = await readBoard(db, bingoId);
            if (!closed && board.version !== sent) {
              sent = board.version;
              stream.write(`event: board\ndata: ${JSON.stringify(board)}\n\n`);
            }
          } while (again && !closed);
        } catch {
          // The next change or recheck tries again.
        } finally {
          running = false;
        }
      };
      const unsubscribe = hub.subscribe(bingoId, () => void push());
      const recheck = setInterval(() => void push(), BOARD_RECHECK_MS);
      const keepalive = setInterval(() => stream.write(': ok\n\n'), KEEPALIVE_MS);
      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(recheck);
        clearInterval(keepalive);
        stream.end();
        // The projector is gone: drop the half-closed socket so a shutdown does not wait for it.
        ctx.req.socket.destroy();
      };
      stream.once('close', close);
      stream.write('retry: 1000\n\n');
      await push();
      return undefined;
    },
  });

  return router;
}
