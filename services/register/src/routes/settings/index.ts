import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { RegisterSettingsAnswer, SettingsQuery } from '@kermesse/contracts-register';
import { DISCOUNT_PRODUCT_ID, DONATION_CATEGORY, DONATION_PRODUCT_ID, MAX_QUANTITY, MIN_QUANTITY } from '../../cart/rules.ts';
import { toEuros } from '@kermesse/contracts-common';
import { readMealDeal } from '../../repositories/catalog.ts';
import { CATALOG_CACHE_CONTROL } from '../checkouts/index.ts';
import { mealDealForRegister } from '../../admin/commands/mealDeal.ts';
import { idleLockForRegister } from '../../admin/commands/idleLock.ts';
import { readCatalogVersion } from '../../admin/repositories/backOffice.ts';

/** docs/spec.md §9 card polling: first status after 5 s, then every 3 s, at most 10 attempts. */
export const CARD_POLLING = { initialWaitMs: 5000, pollIntervalMs: 3000, maxAttempts: 10 } as const;

/** `GET /api/cr/settings`: the register's constants (docs/spec.md §9), cacheable 600 s. */
export function settingsRoutes({ db, cardProvider }: { db: Db; cardProvider: string }): Router {
  const router = new Router();
  defineRoute(router, {
    method: 'get',
    path: '/api/cr/settings',
    summary: 'Lire les réglages de la caisse',
    responses: { 200: RegisterSettingsAnswer },
    roles: ['cashier'] as const,
    query: SettingsQuery,
    handler: async ({ ctx, query }) => {
      // The event's own meal-deal rule set (back office) when the register says which event it sells for.
      const mealDeal = (await mealDealForRegister(db, query)) ?? (await readMealDeal(db));
      const idleLockMinutes = await idleLockForRegister(db, query);
      ctx.set('Cache-Control', CATALOG_CACHE_CONTROL);
      return {
        success: true,
        data: {
          currency: 'EUR',
          mealDeal: {
            discount: toEuros(mealDeal.discountCents),
            items: mealDeal.items.map((i) => ({ categoryId: i.categoryId, price: toEuros(i.priceCents) })),
          },
          donation: { productId: DONATION_PRODUCT_ID, categoryName: DONATION_CATEGORY },
          discountProductId: DISCOUNT_PRODUCT_ID,
          quantity: { min: MIN_QUANTITY, max: MAX_QUANTITY },
          card: { provider: cardProvider, ...CARD_POLLING },
          // Minutes without activity before the register locks back to its token form (per event).
          idleLockMinutes,
          // Changes with every back-office edit: a register seeing a new value reloads its catalogue.
          catalogVersion: await readCatalogVersion(db),
        },
      };
    },
  });
  return router;
}
