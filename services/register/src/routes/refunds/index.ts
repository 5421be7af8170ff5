/**
 * Refunds (contract `@kermesse/contracts-register`, refunds.ts):
 * - `POST /api/cr/sale/{reference}/refund` (cashier role, and admin or « responsable de caisse »),
 *   `Idempotency-Key` honoured like sale creation;
 * - `GET /api/cr/sale/{reference}/refunds`: the order detail's refund panel (lines, what remains,
 *   earlier refunds, whether the caller may refund);
 * - `GET /api/admin/till-managers`, `PUT|DELETE /api/admin/till-managers/{userId}` (admin): who holds
 *   the « responsable de caisse » right; `PUT` of an account identity does not know answers 404.
 */
import { bearerToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, notFound, Router } from '@kermesse/kit/http';
import {
  Refund,
  RefundInput,
  REFUND_MESSAGES,
  SaleReferenceParams,
  SaleRefunds,
  TillManagerParams,
  TillManagers,
} from '@kermesse/contracts-register';
import { idempotent } from '../../idempotency.ts';
import { normalizeReference } from '../../reference.ts';
import { findSaleByReference } from '../../repositories/sales.ts';
import { saleRefundsView } from '../../refunds/load.ts';
import { refundSale } from '../../commands/refundSale.ts';
import { mayRefund } from '../../refunds/rights.ts';
import { grantTillManager, listTillManagers, revokeTillManager } from '../../repositories/registerRights.ts';
import { unavailable } from '../../errors.ts';
import type { StaffDirectory } from '../../staffDirectory.ts';

const CASHIER = ['cashier'] as const;
const ADMIN = ['admin'] as const;

export function refundRoutes({ db, wake, staff }: { db: Db; wake?: () => void; staff?: StaffDirectory }): Router {
  const router = new Router();
  const idempotency = idempotent(db, { scope: 'sale.refund', busyMessage: REFUND_MESSAGES.REFUND_BUSY });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/sale/:reference/refund',
    summary: 'Rembourser une vente',
    deprecated: 'Noms en snake_case (payment_mode) au lieu de camelCase.',
    responses: { 201: Refund },
    status: 201,
    roles: CASHIER,
    params: SaleReferenceParams,
    body: RefundInput,
    handler: async ({ ctx, params, body, user }) => {
      ctx.set('Cache-Control', 'no-store');
      // The Idempotency-Key middleware around the command: a retry gets the first answer again.
      await idempotency(ctx, async () => {
        ctx.body = await refundSale({ db, wake }, params.reference, body, {
          user,
          idempotency: ctx.state.idempotency,
        });
        ctx.status = 201;
      });
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/sale/:reference/refunds',
    summary: "Lister les remboursements d'une vente",
    responses: { 200: SaleRefunds },
    roles: CASHIER,
    params: SaleReferenceParams,
    handler: async ({ ctx, params, user }) => {
      const reference = normalizeReference(params.reference);
      const sale = reference ? await findSaleByReference(db, reference) : undefined;
      if (!sale) throw notFound(REFUND_MESSAGES.SALE_NOT_FOUND).withCode('SALE_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      return saleRefundsView(db, sale, await mayRefund(db, user));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/till-managers',
    summary: 'Lister les responsables de caisse',
    deprecated: 'Liste dans { userIds } au lieu de { items, total }.',
    responses: { 200: TillManagers },
    roles: ADMIN,
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return { userIds: await listTillManagers(db) };
    },
  });
  defineRoute(router, {
    method: 'put',
    path: '/api/admin/till-managers/:userId',
    summary: 'Nommer un responsable de caisse',
    responses: { 200: TillManagers },
    roles: ADMIN,
    params: TillManagerParams,
    handler: async ({ ctx, params }) => {
      // Only an account identity knows gets the right (a mistyped id would grant it to nobody).
      if (!staff) throw unavailable('IDENTITY_UNAVAILABLE');
      await staff.assertStaff(params.userId, bearerToken(ctx.get('Authorization')) ?? '');
      await grantTillManager(db, params.userId);
      return { userIds: await listTillManagers(db) };
    },
  });
  defineRoute(router, {
    method: 'delete',
    path: '/api/admin/till-managers/:userId',
    summary: 'Retirer un responsable de caisse',
    responses: { 200: TillManagers },
    roles: ADMIN,
    params: TillManagerParams,
    handler: async ({ params }) => {
      await revokeTillManager(db, params.userId);
      return { userIds: await listTillManagers(db) };
    },
  });

  return router;
}
