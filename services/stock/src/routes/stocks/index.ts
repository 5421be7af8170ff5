import { bearerToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type EventCheck } from '@kermesse/kit/http';
import {
  EventQuery,
  MovementsQuery,
  UpdateStockInput,
  UpdateThresholdInput,
  StocksAnswer,
  StockEditAnswer,
  MovementsAnswer,
} from '@kermesse/contracts-stock';
import { changeAlertThreshold } from '../../commands/changeAlertThreshold.ts';
import { correctStock } from '../../commands/correctStock.ts';
import { productNotFound } from '../../errors.ts';
import { presentMovement, presentStockItem, presentStocks } from '../../presenters/stocks.ts';
import { listEvents } from '../../repositories/catalog.ts';
import { findStockLine, listMovements, listStockLines } from '../../repositories/levels.ts';
import { requireEvent, resolveEvent } from '../resolveEvent.ts';

const ADMIN = ['admin'] as const;

/** docs/spec.md §7 « Stock »: the stock state of an event and its inline edits (admin). */
export function stockRoutes({ db, events }: { db: Db; events: EventCheck }): Router {
  const router = new Router({ prefix: '/api/stocks' });

  defineRoute(router, {
    method: 'get',
    path: '/',
    summary: "Lire l'état des stocks d'un événement",
    responses: { 200: StocksAnswer },
    roles: ADMIN,
    query: EventQuery,
    handler: async ({ ctx, query }) => {
      const event = await resolveEvent(db, query.event_id, { events, bearer: bearerToken(ctx.get('Authorization')) });
      ctx.set('Cache-Control', 'no-store');
      return presentStocks(event, await listEvents(db), event ? await listStockLines(db, event.id) : []);
    },
  });

  /** Sets the level to the counted quantity: the difference becomes a « correction » movement. */
  defineRoute(router, {
    method: 'post',
    path: '/update/stock',
    summary: "Corriger le stock d'un produit",
    responses: { 200: StockEditAnswer },
    roles: ADMIN,
    body: UpdateStockInput,
    handler: async ({ ctx, body, user }) => {
      const event = await requireEvent(db, body.event_id, { events, bearer: bearerToken(ctx.get('Authorization')) });
      await correctStock(db, {
        eventId: event.id,
        productId: body.product_id,
        quantity: body.quantity,
        note: body.note,
        createdBy: user.email ?? null,
      });
      return { success: true, stock: presentStockItem((await findStockLine(db, event.id, body.product_id))!) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/update/alert-threshold',
    summary: "Changer le seuil d'alerte d'un produit",
    responses: { 200: StockEditAnswer },
    roles: ADMIN,
    body: UpdateThresholdInput,
    handler: async ({ ctx, body }) => {
      const event = await requireEvent(db, body.event_id, { events, bearer: bearerToken(ctx.get('Authorization')) });
      await changeAlertThreshold(db, { eventId: event.id, productId: body.product_id, alertThreshold: body.alert_threshold });
      return { success: true, stock: presentStockItem((await findStockLine(db, event.id, body.product_id))!) };
    },
  });

  /** The ledger of one product: every movement that explains its level, newest first. */
  defineRoute(router, {
    method: 'get',
    path: '/movements',
    summary: "Lire les mouvements de stock d'un produit",
    deprecated:
      'Noms en snake_case (alert_threshold, stock_after, sale_reference, created_by, created_at, product_id, event_id) au lieu de camelCase.',
    responses: { 200: MovementsAnswer },
    roles: ADMIN,
    query: MovementsQuery,
    handler: async ({ ctx, query }) => {
      const event = await requireEvent(db, query.event_id, { events, bearer: bearerToken(ctx.get('Authorization')) });
      const line = await findStockLine(db, event.id, query.product_id);
      if (!line) throw productNotFound();
      ctx.set('Cache-Control', 'no-store');
      return {
        stock: presentStockItem(line),
        movements: (await listMovements(db, event.id, query.product_id, query.limit)).map(presentMovement),
      };
    },
  });

  return router;
}
