import './events.ts';
import type { Db } from '@kermesse/kit/db';
import type { DemoVariant } from '@kermesse/kit/tenancy';
import { insertDemoLevels } from './repositories/demoLevels.ts';

/** The register's demo event (services/register/src/demo.ts). */
export const DEMO_EVENT = 'Kermesse de printemps';

/**
 * Demo stock levels of the register's demo products, by product name, with `*` for any other
 * product of the demo event. Products reach the stock service as catalog.product.changed events
 * after start-up; the level is applied (as a « Stock initial (données de démonstration) »
 * movement) when a product first appears in the demo event. A few start in alert on purpose.
 */
export const DEMO_LEVELS: ReadonlyArray<{ product: string; stock: number; alertThreshold: number }> = [
  // Boissons
  { product: 'Soda 33 cl', stock: 48, alertThreshold: 12 },
  { product: 'Jus de pomme', stock: 30, alertThreshold: 8 },
  { product: 'Eau minérale', stock: 60, alertThreshold: 12 },
  { product: 'Café', stock: 120, alertThreshold: 20 },
  { product: 'Bière pression', stock: 40, alertThreshold: 10 },
  { product: 'Bolée de cidre', stock: 6, alertThreshold: 8 }, // en alerte
  // Plats
  { product: 'Hot-dog', stock: 50, alertThreshold: 10 },
  { product: 'Croque-monsieur', stock: 30, alertThreshold: 8 },
  { product: 'Sandwich jambon-beurre', stock: 4, alertThreshold: 6 }, // en alerte
  { product: 'Galette-saucisse', stock: 40, alertThreshold: 10 },
  { product: 'Barquette de frites', stock: 80, alertThreshold: 15 },
  // Confiseries
  { product: 'Barbe à papa', stock: 25, alertThreshold: 5 },
  { product: 'Sachet de bonbons', stock: 3, alertThreshold: 10 }, // en alerte
  { product: 'Pop-corn', stock: 35, alertThreshold: 8 },
  // Desserts
  { product: 'Crêpe au sucre', stock: 100, alertThreshold: 20 },
  { product: 'Part de gâteau', stock: 24, alertThreshold: 6 },
  { product: 'Gaufre', stock: 5, alertThreshold: 5 }, // en alerte (au seuil)
  // Animations
  { product: 'Pêche aux canards', stock: 300, alertThreshold: 0 },
  { product: 'Chamboule-tout', stock: 300, alertThreshold: 0 },
  { product: 'Maquillage', stock: 80, alertThreshold: 10 },
  { product: "Tote bag de l'école", stock: 12, alertThreshold: 3 },
  // Any other product added to the demo event later.
  { product: '*', stock: 60, alertThreshold: 10 },
];

/** The comité des fêtes' demo (hosting): the village fête's stock, the grillades' merguez running low. */
export const VILLAGE_EVENT = 'Fête du village';
export const VILLAGE_LEVELS: ReadonlyArray<{ product: string; stock: number; alertThreshold: number }> = [
  { product: 'Bière pression', stock: 120, alertThreshold: 20 },
  { product: 'Verre de rosé', stock: 60, alertThreshold: 12 },
  { product: 'Sandwich merguez', stock: 8, alertThreshold: 15 }, // en alerte
  { product: 'Sandwich saucisse', stock: 60, alertThreshold: 15 },
  { product: 'Assiette merguez-frites', stock: 40, alertThreshold: 10 },
  { product: 'Galette complète', stock: 30, alertThreshold: 8 },
  { product: '*', stock: 80, alertThreshold: 10 },
];

/** Stores the demo levels (idempotent: an existing row is left as it is); `village`: the comité's fête. */
export async function seedDemo({ db, variant = 'school' }: { db: Db; password?: string; variant?: DemoVariant }): Promise<void> {
  const village = variant === 'village';
  await insertDemoLevels(
    db,
    (village ? VILLAGE_LEVELS : DEMO_LEVELS).map((level) => ({
      event_name: village ? VILLAGE_EVENT : DEMO_EVENT,
      product_name: level.product,
      stock: level.stock,
      alert_threshold: level.alertThreshold,
    })),
  );
}
