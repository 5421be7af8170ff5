/**
 * « Ouvrir le tiroir » (docs/printing.md §5): a till manager (or an administrator) records the
 * opening of a register's cash drawer outside a sale, with who and when; the register then sends
 * the printer's pulse. A cash sale opens the drawer without this route: the sale is its record.
 */
import { DRAWER_MESSAGES, DrawerOpening, DrawerOpenings, DrawerParams } from '@kermesse/contracts-register/drawer';
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, forbidden, Router } from '@kermesse/kit/http';
import { missing } from '../../errors.ts';
import { mayRefund } from '../../refunds/rights.ts';
import { checkoutExists, insertDrawerOpening, listDrawerOpenings, type DrawerOpeningRow } from '../../repositories/drawerOpenings.ts';

const CASHIER = ['cashier'] as const;

function present(row: DrawerOpeningRow): DrawerOpening {
  return {
    id: row.id,
    checkoutId: row.checkout_id,
    openedBy: row.opened_by,
    openedByEmail: row.opened_by_email,
    openedAt: row.opened_at.toISOString(),
  };
}

/** The till manager's right is the refund right's (`register_rights`, till_manager), admins included. */
async function assertTillManager(db: Db, user: AuthUser, checkoutId: number): Promise<void> {
  if (!(await mayRefund(db, user))) throw forbidden(DRAWER_MESSAGES.DRAWER_FORBIDDEN).withCode('DRAWER_FORBIDDEN');
  if (!(await checkoutExists(db, checkoutId))) throw missing('CHECKOUT_NOT_FOUND');
}

export function drawerRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/checkouts/:checkoutId/drawer/open',
    summary: 'Enregistrer une ouverture du tiroir-caisse hors vente',
    description:
      'Réservé au responsable de caisse (ou à un administrateur) : qui et quand, avant que la caisse envoie l’impulsion à l’imprimante.',
    roles: CASHIER,
    params: DrawerParams,
    status: 201,
    responses: { 201: DrawerOpening },
    errors: { 403: ['DRAWER_FORBIDDEN'], 404: ['CHECKOUT_NOT_FOUND'] },
    handler: async ({ params, user }): Promise<DrawerOpening> => {
      await assertTillManager(db, user, params.checkoutId);
      return present(await insertDrawerOpening(db, { checkoutId: params.checkoutId, userId: user.id, email: user.email }));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/checkouts/:checkoutId/drawer/openings',
    summary: 'Lister les ouvertures du tiroir-caisse hors vente',
    deprecated: 'Liste dans { openings } au lieu de { items, total }.',
    roles: CASHIER,
    params: DrawerParams,
    responses: { 200: DrawerOpenings },
    errors: { 403: ['DRAWER_FORBIDDEN'], 404: ['CHECKOUT_NOT_FOUND'] },
    handler: async ({ ctx, params, user }): Promise<DrawerOpenings> => {
      await assertTillManager(db, user, params.checkoutId);
      ctx.set('Cache-Control', 'no-store');
      return { openings: (await listDrawerOpenings(db, params.checkoutId)).map(present) };
    },
  });

  return router;
}
