import { notFound, requireRole, Router, validateBody, validateQuery, type AuthUser, type Db, type OutboxRelay } from '@kermesse/kit';
import { changeStock, changeThreshold, ensureLevel } from '../../commands/levels.ts';
import { presentMovement, presentStockItem, presentStocks } from '../../presenters/stocks.ts';
import { findProduct, listEvents } from '../../repositories/catalog.ts';
import { findStockLine, listMovements, listStockLines } from '../../repositories/levels.ts';
import { requireEvent, resolveEvent } from '../resolveEvent.ts';
import { eventQuerySchema, movementsQuerySchema, updateStockSchema, updateThresholdSchema } from './schema.ts';

export const MANUAL_NOTE = 'Correction manuelle';

/** SPEC §7 « Stock »: the stock state of an event and its inline edits (admin). */
export function stockRoutes({ db, relay }: { db: Db; relay?: OutboxRelay }): Router {
  const router = new Router({ prefix: '/api/stocks' });
  router.use(requireRole('admin'));

  router.get('/', validateQuery(eventQuerySchema), async (ctx) => {
    const { event_id } = ctx.state.query as { event_id?: number };
    const event = await resolveEvent(db, event_id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentStocks(event, await listEvents(db), event ? await listStockLines(db, event.id) : []);
  });

  /** Sets the level to the counted quantity: the difference becomes a « correction » movement. */
  router.post('/update/stock', validateBody(updateStockSchema), async (ctx) => {
    const body = ctx.state.body as { product_id: number; quantity: number; event_id?: number; note?: string };
    const event = await requireEvent(db, body.event_id);
    const createdBy = (ctx.state.user as AuthUser | undefined)?.email ?? null;
    await db.transaction(async (trx) => {
      if (!(await findProduct(trx, body.product_id))) throw notFound('Produit introuvable.');
      await ensureLevel(trx, event.id, body.product_id);
      await changeStock(trx, {
        eventId: event.id, productId: body.product_id, target: body.quantity,
        kind: 'correction', note: body.note?.trim() || MANUAL_NOTE, createdBy,
      });
    });
    relay?.wake();
    ctx.body = { success: true, stock: presentStockItem((await findStockLine(db, event.id, body.product_id))!) };
  });

  router.post('/update/alert-threshold', validateBody(updateThresholdSchema), async (ctx) => {
    const body = ctx.state.body as { product_id: number; alert_threshold: number; event_id?: number };
    const event = await requireEvent(db, body.event_id);
    await db.transaction(async (trx) => {
      if (!(await findProduct(trx, body.product_id))) throw notFound('Produit introuvable.');
      await ensureLevel(trx, event.id, body.product_id);
      await changeThreshold(trx, event.id, body.product_id, body.alert_threshold);
    });
    relay?.wake();
    ctx.body = { success: true, stock: presentStockItem((await findStockLine(db, event.id, body.product_id))!) };
  });

  /** The ledger of one product: every movement that explains its level, newest first. */
  router.get('/movements', validateQuery(movementsQuerySchema), async (ctx) => {
    const query = ctx.state.query as { product_id: number; event_id?: number; limit: number };
    const event = await requireEvent(db, query.event_id);
    const line = await findStockLine(db, event.id, query.product_id);
    if (!line) throw notFound('Produit introuvable.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      stock: presentStockItem(line),
      movements: (await listMovements(db, event.id, query.product_id, query.limit)).map(presentMovement),
    };
  });

  return router;
}
