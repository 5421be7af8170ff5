/**
 * Demo data (idempotent): the spring fair's raffle — 1 000 tickets, three tiers, a dozen prizes
 * (some illustrated, one with alcohol), some tickets already sold — and its gift baskets (two
 * baskets to weigh, two tiers, some bets already sold).
 *
 * The raffle service cannot read the register's tables, and the launcher seeds every service before
 * any of them runs, so the register's event id is not known yet: the demo raffle and basket wait
 * for the event named « Kermesse de printemps » and are attached to it when the register's
 * `catalog.event.created` arrives (consumers/eventCreatedConsumer.ts), which also publishes their
 * `raffle.configured` / `giftbasket.configured`. When that event is already known, they are
 * attached and published here at once.
 */
import './events.ts';
import type { Db, Trx } from '@kermesse/kit/db';
import { attachWaitingToEvent } from './commands/attachWaitingToEvent.ts';
import { insertGiftBasket, insertBasketType, replaceBasketTiers } from './repositories/giftBaskets.ts';
import { insertPrize } from './repositories/prizes.ts';
import { findRaffleIdByName, insertRaffle, replaceTiers } from './repositories/raffles.ts';
import { findEventByName } from './repositories/events.ts';
import { insertFeaturedIfNone } from './repositories/featured.ts';
import { insertRevenue, insertSoldBets, insertSoldTickets } from './repositories/sales.ts';
import { toCents } from '@kermesse/contracts-common';
import type { DemoVariant } from '@kermesse/kit/tenancy';

export const DEMO_EVENT_NAME = 'Kermesse de printemps';
export const DEMO_RAFFLE = 'Grande tombola de printemps';
export const DEMO_GIFT_BASKET = 'Paniers garnis de la kermesse';

/** name, rank, value, cost, provider, quantity, alcohol, illustration (shipped in demo-images/). */
export const DEMO_PRIZES: Array<[string, number, number, number, string, number, boolean, string | null]> = [
  ['Vélo de ville', 1, 350, 0, 'Cycles Martin', 1, false, 'demo-velo.png'],
  ['Week-end en gîte pour 4 personnes', 2, 280, 0, 'Gîtes du Vercors', 1, false, 'demo-gite.png'],
  ['Tablette tactile', 3, 199, 199, 'Électro Centre', 1, false, 'demo-tablette.png'],
  ['Panier de produits du terroir', 4, 60, 35, 'Ferme des Tilleuls', 1, false, 'demo-panier.png'],
  ['Coffret de trois bouteilles de vin', 5, 45, 30, 'Cave Saint-Vincent', 1, true, 'demo-vin.png'],
  ['Quatre entrées au parc zoologique', 6, 80, 0, 'Parc zoologique de la Haute-Touche', 1, false, null],
  ["Bon d'achat à la librairie du marché", 7, 30, 0, 'Librairie du Marché', 1, false, null],
  ['Jeu de société familial', 8, 35, 20, 'La Boîte à Jeux', 2, false, 'demo-jeu.png'],
  ['Cours de poterie pour deux', 9, 50, 0, 'Atelier Terre & Feu', 1, false, null],
  ['Peluche géante', 10, 25, 15, 'Bazar de la Place', 2, false, 'demo-peluche.png'],
  ['Coffret de chocolats', 11, 18, 12, 'Chocolaterie Roux', 3, false, null],
  ["Plante d'intérieur", 12, 15, 8, 'Jardinerie des Saules', 3, false, null],
];

/** The comité des fêtes' demo (hosting): the tombola of the village fête, no gift baskets. */
export const VILLAGE_EVENT_NAME = 'Fête du village';
export const VILLAGE_RAFFLE = 'Tombola de la fête du village';

/** Same columns as DEMO_PRIZES: what the village's shops and farms give a comité des fêtes. */
export const VILLAGE_PRIZES: Array<[string, number, number, number, string, number, boolean, string | null]> = [
  ['Jambon sec entier', 1, 120, 0, 'Charcuterie Dufour', 1, false, null],
  ['Baptême en montgolfière pour une personne', 2, 200, 0, 'Montgolfières du Val', 1, false, null],
  ['Panier garni du terroir', 3, 60, 35, 'Ferme des Tilleuls', 2, false, 'demo-panier.png'],
  ['Repas pour deux au restaurant Le Relais', 4, 70, 0, 'Restaurant Le Relais', 1, false, null],
  ['Caissette de viande de 5 kg', 5, 75, 50, 'Boucherie Chevallier', 1, false, null],
  ['Carton de six bouteilles de vin', 6, 48, 30, 'Cave Saint-Vincent', 2, true, 'demo-vin.png'],
  ['Jeu de boules de pétanque', 7, 40, 25, 'Quincaillerie Moulin', 2, false, null],
  ['Composition florale', 8, 30, 0, 'Fleurs de Saint-Martin', 3, false, null],
];

/** The village tombola's home banner. */
export const VILLAGE_BANNER = {
  key: 'demo-tombola-de-la-fete-du-village',
  title: 'Tombola de la fête du village : les tickets sont en vente !',
  text: "Un jambon sec, un baptême en montgolfière et de beaux lots offerts par les commerçants du village : chaque ticket aide le comité à préparer les fêtes de l'année.",
};

const BUYERS = [
  { firstname: 'Camille', lastname: 'Durand', email: 'camille.durand@example.org', phone: '0612345678' },
  { firstname: 'Lucas', lastname: 'Martin', email: 'lucas.martin@example.org', phone: '0623456789' },
  { firstname: 'Léa', lastname: 'Bernard', email: 'lea.bernard@example.org', phone: '0634567890' },
  { firstname: 'Hugo', lastname: 'Petit', email: 'hugo.petit@example.org', phone: '0645678901' },
  { firstname: 'Chloé', lastname: 'Moreau', email: 'chloe.moreau@example.org', phone: '0656789012' },
  { firstname: 'Nathan', lastname: 'Girard', email: 'nathan.girard@example.org', phone: '0667890123' },
];

/**
 * Sales made before the demo starts (a few days ago, one a day): buyer, ticket numbers, price paid
 * (a tier). Their ids are negative, so they never meet a register sale.
 */
const TICKET_SALES: Array<{ buyer: number; numbers: number[]; paid: number }> = [
  { buyer: 0, numbers: [7, 12, 23, 45, 56, 78, 81, 99, 104, 150], paid: 15 },
  { buyer: 1, numbers: [3, 333, 512], paid: 5 },
  { buyer: 2, numbers: [777], paid: 2 },
  { buyer: 3, numbers: [42, 43, 44], paid: 5 },
  { buyer: 4, numbers: [200, 201, 202, 203, 204, 205, 206, 207, 208, 209], paid: 15 },
  { buyer: 5, numbers: [1000], paid: 2 },
];

/** Bets made before the demo: buyer, basket index (0 gourmand, 1 bien-être), weight in grams. */
const BET_SALES: Array<{ buyer: number; bets: Array<[number, number]>; paid: number }> = [
  {
    buyer: 0,
    bets: [
      [0, 3250],
      [1, 2200],
      [0, 3480],
    ],
    paid: 5,
  },
  {
    buyer: 1,
    bets: [
      [0, 4100],
      [1, 1750],
      [1, 2030],
    ],
    paid: 5,
  },
  { buyer: 2, bets: [[0, 2875]], paid: 2 },
  { buyer: 4, bets: [[1, 1980]], paid: 2 },
];

/** The home banner of the demo, announcing the demo raffle (the administrator can change it). */
export const DEMO_BANNER = {
  key: 'demo-grande-tombola-de-printemps',
  title: 'Grande tombola de printemps : la prévente est ouverte !',
  text: "Réservez dès maintenant vos tickets pour la grande tombola de la Kermesse de printemps : un vélo, un week-end en gîte et de beaux lots à gagner, et chaque ticket soutient les projets de l'association.",
};

/** The demo raffle is the one the public pages show, with its banner (kept if the administrator chose otherwise). */
async function featureDemoRaffle(db: Db | Trx, raffleId: number, banner: typeof DEMO_BANNER = DEMO_BANNER): Promise<void> {
  await insertFeaturedIfNone(db, {
    raffle_id: raffleId,
    banner_shown: true,
    banner_title: banner.title,
    banner_text: banner.text,
    banner_key: banner.key,
  });
}

/**
 * The demo's raffle and gift baskets; the `village` variant (a comité des fêtes, hosting demo) is the
 * tombola of the « Fête du village » instead, with its own prizes and no gift baskets.
 */
export async function seedDemo({ db, variant = 'school' }: { db: Db; password?: string; variant?: DemoVariant }): Promise<void> {
  if (variant === 'village') return seedVillageDemo(db);
  const existing = await findRaffleIdByName(db, DEMO_RAFFLE);
  if (existing !== undefined) {
    await featureDemoRaffle(db, existing);
    return;
  }
  await db.transaction(async (trx) => {
    const raffleId = await insertRaffle(trx, { eventId: null, awaitingEventName: DEMO_EVENT_NAME, name: DEMO_RAFFLE, totalTickets: 1000 });
    await replaceTiers(trx, raffleId, [
      { nb: 1, priceCents: toCents(2) },
      { nb: 3, priceCents: toCents(5) },
      { nb: 10, priceCents: toCents(15) },
    ]);
    for (const [name, rank, value, cost, provider, quantity, alcohol, illustration] of DEMO_PRIZES) {
      await insertPrize(trx, raffleId, {
        name,
        rank,
        priceCents: toCents(value),
        costCents: toCents(cost),
        provider,
        quantity,
        alcohol,
        illustration,
      });
    }
    for (const [index, sale] of TICKET_SALES.entries()) {
      await sellDemoTickets(trx, raffleId, -(index + 1), sale.numbers, BUYERS[sale.buyer]!, toCents(sale.paid));
    }

    const basketId = await insertGiftBasket(trx, { eventId: null, awaitingEventName: DEMO_EVENT_NAME, name: DEMO_GIFT_BASKET });
    await replaceBasketTiers(trx, basketId, [
      { nb: 1, priceCents: toCents(2) },
      { nb: 3, priceCents: toCents(5) },
    ]);
    const gourmand = await insertBasketType(trx, basketId, { name: 'Panier gourmand', priceCents: toCents(65) });
    const wellBeing = await insertBasketType(trx, basketId, { name: 'Panier bien-être', priceCents: toCents(45) });
    const types = [gourmand.id, wellBeing.id];
    for (const [index, sale] of BET_SALES.entries()) {
      await sellDemoBets(
        trx,
        basketId,
        -(100 + index + 1),
        sale.bets.map(([type, weight]) => ({ typeId: types[type]!, weight })),
        BUYERS[sale.buyer]!,
        toCents(sale.paid),
      );
    }

    // The register's event may already be known (a database where the register ran first).
    await featureDemoRaffle(trx, raffleId);
    const event = await findEventByName(trx, DEMO_EVENT_NAME);
    if (event) await attachWaitingToEvent(trx, event);
  });
}

/** The village tombola: 500 tickets, 2 € or 5 € the three, a few already sold. */
async function seedVillageDemo(db: Db): Promise<void> {
  const existing = await findRaffleIdByName(db, VILLAGE_RAFFLE);
  if (existing !== undefined) {
    await featureDemoRaffle(db, existing, VILLAGE_BANNER);
    return;
  }
  await db.transaction(async (trx) => {
    const raffleId = await insertRaffle(trx, {
      eventId: null,
      awaitingEventName: VILLAGE_EVENT_NAME,
      name: VILLAGE_RAFFLE,
      totalTickets: 500,
    });
    await replaceTiers(trx, raffleId, [
      { nb: 1, priceCents: toCents(2) },
      { nb: 3, priceCents: toCents(5) },
    ]);
    for (const [name, rank, value, cost, provider, quantity, alcohol, illustration] of VILLAGE_PRIZES) {
      await insertPrize(trx, raffleId, {
        name,
        rank,
        priceCents: toCents(value),
        costCents: toCents(cost),
        provider,
        quantity,
        alcohol,
        illustration,
      });
    }
    const sold: Array<{ buyer: number; numbers: number[]; paid: number }> = [
      { buyer: 1, numbers: [14, 15, 16], paid: 5 },
      { buyer: 3, numbers: [250], paid: 2 },
      { buyer: 5, numbers: [101, 202, 303], paid: 5 },
    ];
    for (const [index, sale] of sold.entries()) {
      await sellDemoTickets(trx, raffleId, -(index + 1), sale.numbers, BUYERS[sale.buyer]!, toCents(sale.paid));
    }
    await featureDemoRaffle(trx, raffleId, VILLAGE_BANNER);
    const event = await findEventByName(trx, VILLAGE_EVENT_NAME);
    if (event) await attachWaitingToEvent(trx, event);
  });
}

type Buyer = (typeof BUYERS)[number];

async function sellDemoTickets(
  trx: Trx,
  raffleId: number,
  saleId: number,
  numbers: number[],
  buyer: Buyer,
  paidCents: number,
): Promise<void> {
  const reference = `DEMO-${String(-saleId).padStart(4, '0')}`;
  await insertSoldTickets(
    trx,
    numbers.map((number, i) => ({
      raffle_id: raffleId,
      number,
      sale_id: saleId,
      sale_reference: reference,
      ...buyer,
      sold_at: new Date(Date.now() - (10 + saleId) * 86_400_000 + i * 1000),
    })),
  );
  await insertRevenue(trx, 'raffle', [
    { sale_id: saleId, raffle_id: raffleId, reference, tickets: numbers.length, revenue_cents: paidCents },
  ]);
}

async function sellDemoBets(
  trx: Trx,
  basketId: number,
  saleId: number,
  bets: Array<{ typeId: number; weight: number }>,
  buyer: Buyer,
  paidCents: number,
): Promise<void> {
  const reference = `DEMO-${String(-saleId).padStart(4, '0')}`;
  await insertSoldBets(
    trx,
    bets.map((bet, i) => ({
      gift_basket_id: basketId,
      weight: bet.weight,
      type_id: bet.typeId,
      sale_id: saleId,
      sale_reference: reference,
      ...buyer,
      sold_at: new Date(Date.now() - (110 + saleId) * 86_400_000 + i * 1000),
    })),
  );
  await insertRevenue(trx, 'giftbasket', [
    { sale_id: saleId, gift_basket_id: basketId, reference, bets: bets.length, revenue_cents: paidCents },
  ]);
}
