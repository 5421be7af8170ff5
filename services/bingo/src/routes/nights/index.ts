import { bearerToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type EventCheck } from '@kermesse/kit/http';
import {
  BingoParams,
  CartonsInput,
  CartonsQuery,
  NightInput,
  PartiesInput,
  PARTIE_LABELS,
  Reglement,
  type VolunteerNight,
  Night,
  PartiesAnswer,
  CartonRange,
  CartonPage,
  Nights,
  VolunteerNights,
} from '@kermesse/contracts-bingo';
import { formatEuros } from '@kermesse/contracts-common';
import { bingoNotFound } from '../../errors.ts';
import { changeNight, createNight, nightWithWarnings, setParties } from '../../commands/nights.ts';
import { generateCartons, readCartons } from '../../commands/game.ts';
import { findNight, listNights } from '../../repositories/nights.ts';
import { listPrizes } from '../../repositories/prizes.ts';
import { listParties } from '../../repositories/game.ts';
import { presentNight, presentPartie, presentPrize } from '../../presenters/index.ts';
import { withMessageOnError } from '../messageBody.ts';

const ADMIN = ['admin'] as const;

async function nightOr404(db: Db, id: number) {
  const night = await findNight(db, id);
  if (!night) throw bingoNotFound();
  return night;
}

/** Loto nights (admin): the night, its parties, cartons and règlement; `events` checks the night's event. */
export function nightRoutes({ db, events }: { db: Db; events: EventCheck }): Router {
  const router = withMessageOnError(new Router({ prefix: '/admin-bingo/api' }));

  defineRoute(router, {
    method: 'get',
    path: '/bingos',
    summary: 'Lister les lotos',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: Nights },
    roles: ADMIN,
    handler: async () => Promise.all((await listNights(db)).map((row) => nightWithWarnings(db, row))),
  });
  defineRoute(router, {
    method: 'post',
    path: '/bingo',
    summary: 'Créer un loto',
    responses: { 201: Night },
    roles: ADMIN,
    body: NightInput,
    status: 201,
    handler: async ({ ctx, body }) => {
      await events.require(body.eventId, bearerToken(ctx.get('Authorization')));
      return createNight(db, body);
    },
  });
  defineRoute(router, {
    method: 'get',
    path: '/bingo/:id',
    summary: 'Lire un loto',
    responses: { 200: Night },
    roles: ADMIN,
    params: BingoParams,
    handler: async ({ params }) => nightWithWarnings(db, await nightOr404(db, params.id)),
  });
  defineRoute(router, {
    method: 'put',
    path: '/bingo/:id',
    summary: 'Modifier un loto',
    responses: { 200: Night },
    roles: ADMIN,
    params: BingoParams,
    body: NightInput,
    handler: async ({ ctx, params, body }) => {
      await nightOr404(db, params.id);
      await events.require(body.eventId, bearerToken(ctx.get('Authorization')));
      return changeNight(db, params.id, body);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/bingo/:id/parties',
    summary: "Lire les parties d'un loto",
    deprecated: 'Liste dans { parties } au lieu de { items, total }.',
    responses: { 200: PartiesAnswer },
    roles: ADMIN,
    params: BingoParams,
    handler: async ({ params }) => {
      await nightOr404(db, params.id);
      const prizes = await listPrizes(db, params.id);
      return { parties: (await listParties(db, params.id)).map((p) => presentPartie(p, prizes)) };
    },
  });
  defineRoute(router, {
    method: 'put',
    path: '/bingo/:id/parties',
    summary: "Modifier les parties d'un loto",
    responses: { 200: PartiesAnswer },
    roles: ADMIN,
    params: BingoParams,
    body: PartiesInput,
    handler: async ({ params, body }) => {
      await setParties(db, params.id, body);
      const prizes = await listPrizes(db, params.id);
      return { parties: (await listParties(db, params.id)).map((p) => presentPartie(p, prizes)) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/bingo/:id/cartons',
    summary: "Générer les cartons d'un loto",
    responses: { 201: CartonRange },
    roles: ADMIN,
    params: BingoParams,
    body: CartonsInput,
    status: 201,
    handler: ({ params, body }) => generateCartons(db, params.id, body.count),
  });
  defineRoute(router, {
    method: 'get',
    path: '/bingo/:id/cartons',
    summary: "Lister les cartons d'un loto",
    responses: { 200: CartonPage },
    roles: ADMIN,
    params: BingoParams,
    query: CartonsQuery,
    handler: ({ params, query }) => readCartons(db, params.id, query.from ?? 1, query.to ?? (query.from ?? 1) + 599),
  });

  // The règlement of the night, printed and posted in the hall.
  defineRoute(router, {
    method: 'get',
    path: '/bingo/:id/reglement',
    summary: "Lire le règlement d'un loto",
    responses: { 200: Reglement },
    roles: ADMIN,
    params: BingoParams,
    handler: async ({ params }): Promise<Reglement> => {
      const night = await nightOr404(db, params.id);
      const prizes = await listPrizes(db, params.id);
      const parties = (await listParties(db, params.id)).map((p) => presentPartie(p, prizes));
      return {
        night: presentNight(night),
        prizes: prizes.map(presentPrize),
        parties,
        articles: reglement(
          night.name,
          night.held_on,
          night.place,
          priceText(night.carton_price_cents, night.carton_packs ?? []),
          parties.map((p) => `${p.number}. ${PARTIE_LABELS[p.kind]} : ${p.prizes.map((x) => x.label).join(', ') || 'lot à définir'}`),
        ),
      };
    },
  });

  return router;
}

/** « 3,00 € » — with its packs: « 3,00 € ; en lot : 3 cartons pour 8,00 € … », each under 20 € a carton. */
function priceText(cents: number, packs: Array<{ nb: number; priceCents: number }>): string {
  if (!packs.length) return formatEuros(cents);
  return `${formatEuros(cents)} ; en lot : ${packs.map((p) => `${p.nb} cartons pour ${formatEuros(p.priceCents)}`).join(', ')} (moins de 20 € par carton)`;
}

function reglement(name: string, heldOn: string, place: string, price: string, parties: string[]): string[] {
  const day = heldOn.split('-').reverse().join('/');
  return [
    `Article 1 — L'association organise le ${day}${place ? ` à ${place}` : ''} un loto traditionnel, « ${name} », dans le cadre de l'article L322-4 du Code de la sécurité intérieure (cercle restreint, but social, culturel ou scolaire, mises de faible valeur).`,
    `Article 2 — Le carton est vendu ${price}. Aucun carton n'est vendu à 20 € ou plus.`,
    'Article 3 — Les lots sont exclusivement en nature ou en bons d’achat non remboursables ; aucun lot ne peut être échangé contre de l’argent.',
    `Article 4 — Parties de la soirée, dans l'ordre : ${parties.join(' ; ') || 'à définir'}.`,
    'Article 5 — Une quine est une ligne complète, une double quine deux lignes du même carton, un carton plein les trois lignes. Le joueur annonce à haute voix ; le carton est vérifié par son numéro et sa clé avec les boules déjà tirées.',
    'Article 6 — Si plusieurs joueurs gagnent sur la même boule, ils sont départagés par un tirage au sort : chacun tire une boule, la plus haute l’emporte.',
    'Article 7 — Toute réclamation est faite avant la boule suivante. La participation au loto vaut acceptation du présent règlement.',
  ];
}

/** The nights a volunteer can seat families for. */
export function volunteerNightRoutes({ db }: { db: Db }): Router {
  const router = withMessageOnError(new Router({ prefix: '/api/volunteer' }));
  defineRoute(router, {
    method: 'get',
    path: '/bingos',
    summary: 'Lister les lotos (bénévole)',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: VolunteerNights },
    roles: ['volunteer'] as const,
    handler: async ({ user }): Promise<VolunteerNight[]> =>
      (await listNights(db)).map((row) => ({
        ...presentNight(row),
        // Whether this volunteer may call the balls of the night.
        canCall: user.roles.includes('admin') || row.caller_emails.includes(user.email.toLowerCase()),
      })),
  });
  return router;
}
