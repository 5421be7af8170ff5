/**
 * The back office in the raffle service, on real Postgres and NATS: a raffle created then updated stays one
 * raffle; a raffle without sales is deleted (one with sales answers 409 in French); the featured
 * raffle and its banner drive the public pages; a duplicated event gets its raffles and gift baskets
 * (tiers, baskets to win) exactly once; a weighed basket is no longer offered nor deleted; tier
 * errors name the line as a person counts. Roles: a cashier gets 403 on every administration path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { eventually } from '@kermesse/kit/testing';
import {
  addBasketType,
  addPrize,
  collectEvents,
  createGiftBasket,
  createRaffle,
  json,
  publishEvent,
  recordSale,
  startTestbed,
  type Testbed,
} from './testSupport.ts';
import { upsertEvent } from './repositories/events.ts';

const EVENT_ID = 61;
const NEXT_YEAR = 62;
let tb: Testbed;
const consumers: EventConsumer[] = [];
const configured: Array<EventEnvelope<'raffle.configured'>> = [];
const basketsConfigured: Array<EventEnvelope<'giftbasket.configured'>> = [];

beforeAll(async () => {
  tb = await startTestbed({ eventId: EVENT_ID, nats: true });
  consumers.push(await collectEvents(tb, 'raffle.configured', 'test-backoffice-raffle-configured', configured));
  consumers.push(await collectEvents(tb, 'giftbasket.configured', 'test-backoffice-basket-configured', basketsConfigured));
});

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await tb?.close();
});

/** Ticket `number` of `raffleId` sold (sale `saleId`), as the consumer records it. */
const sell = (saleId: number, raffleId: number, number: number) =>
  recordSale(tb, { saleId, eventId: EVENT_ID, tickets: [{ raffleId, number }] });

describe('the tier editor after « Créer »', () => {
  it('updates the raffle it created: one raffle, the new prices, never a second raffle without prices', async () => {
    const before = (await json<unknown[]>(await tb.call('GET', '/api/admin/raffles', { as: 'admin' }))).length;
    const id = await createRaffle(tb, { name: 'Tombola de juin', eventId: EVENT_ID });
    const put = await tb.call('PUT', `/api/admin/raffle/${id}`, {
      as: 'admin',
      body: {
        price: [
          { nb: 1, p: '2,50' },
          { nb: 5, p: 10 },
        ],
        name: 'Tombola de juin',
        tickets: 100,
      },
    });
    expect(put.status).toBe(200);
    const raffles = await json<Array<{ id: number; name: string }>>(await tb.call('GET', '/api/admin/raffles', { as: 'admin' }));
    expect(raffles).toHaveLength(before + 1);
    expect(await json(await tb.call('GET', `/api/admin/raffle/${id}`, { as: 'admin' }))).toEqual([
      { nb: 1, p: 2.5 },
      { nb: 5, p: 10 },
    ]);
  });

  it('names the line of a wrong pair as a person counts (« Ligne 4 : … »), never « price.3.nb »', async () => {
    const id = await createRaffle(tb, { name: 'Tombola', eventId: EVENT_ID });
    const wrong: Array<[Array<{ nb: unknown; p: unknown }>, string]> = [
      [
        [
          { nb: 1, p: 2 },
          { nb: 3, p: 5 },
          { nb: 10, p: 15 },
          { nb: 0, p: 20 },
        ],
        'Ligne 4 : le nombre de tickets doit être un nombre entier entre 1 et 100 000.',
      ],
      [
        [
          { nb: 1, p: 2 },
          { nb: 'deux', p: 3 },
        ],
        'Ligne 2 : le nombre de tickets doit être un nombre entier entre 1 et 100 000.',
      ],
      [[{ nb: 1, p: '2,505' }], 'Ligne 1 : le prix doit être un montant positif en euros (deux décimales au plus).'],
      [
        [
          { nb: 1, p: 2 },
          { nb: 3, p: 5 },
          { nb: 5, p: '2,00' },
        ],
        "Ligne 3 : la ligne 1 a déjà le prix 2,00 € : chaque prix n'apparaît qu'une fois.",
      ],
    ];
    for (const [price, error] of wrong) {
      const res = await tb.call('PUT', `/api/admin/raffle/${id}`, { as: 'admin', body: { price } });
      expect(res.status, JSON.stringify(price)).toBe(400);
      expect(await json(res)).toEqual({ error, code: 'TIER_INVALID' });
    }
    const basket = await tb.call('POST', '/api/admin/gift-basket', {
      as: 'admin',
      body: {
        price: [
          { nb: 1, p: 2 },
          { nb: -1, p: 5 },
        ],
        eventId: EVENT_ID,
      },
    });
    expect(await json(basket)).toEqual({
      error: 'Ligne 2 : le nombre de tickets doit être un nombre entier entre 1 et 100 000.',
      code: 'TIER_INVALID',
    });
  });
});

describe('deleting a raffle', () => {
  it('deletes a raffle without sales after withdrawing its ticket products; one with sales answers 409 in French', async () => {
    const id = await createRaffle(tb, { name: 'Tombola en trop', eventId: EVENT_ID });
    await addPrize(tb, id, { name: 'Peluche', weight: 1, price: 10, quantity: 1 });
    expect((await tb.call('DELETE', `/api/admin/raffle/${id}`, { as: 'caissier' })).status).toBe(403);
    const res = await tb.call('DELETE', `/api/admin/raffle/${id}`, { as: 'admin' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true, id });
    expect((await tb.call('GET', `/api/admin/raffles/${id}`, { as: 'admin' })).status).toBe(404);
    // The registers withdraw its products: the last configuration has no tiers and closed sales.
    await eventually(() => configured.some((e) => e.payload.raffleId === id && e.payload.tiers.length === 0));
    expect(configured.filter((e) => e.payload.raffleId === id).at(-1)!.payload).toEqual({
      raffleId: id,
      eventId: EVENT_ID,
      name: 'Tombola en trop',
      totalTickets: 100,
      tiers: [],
      salesOpen: false,
      prizes: [],
    });
    expect((await tb.call('DELETE', `/api/admin/raffle/${id}`, { as: 'admin' })).status).toBe(404);

    const sold = await createRaffle(tb, { name: 'Tombola vendue', eventId: EVENT_ID });
    await sell(7001, sold, 12);
    const refused = await tb.call('DELETE', `/api/admin/raffle/${sold}`, { as: 'admin' });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      error: 'Des tickets de « Tombola vendue » ont déjà été vendus : une tombola avec des ventes ne peut pas être supprimée.',
      code: 'RAFFLE_HAS_SALES',
    });
    expect((await tb.call('GET', `/api/admin/raffles/${sold}`, { as: 'admin' })).status).toBe(200);
  });
});

describe('the featured raffle and the home banner', () => {
  it('is chosen by an admin, read by the public pages, and refused to a cashier', async () => {
    expect((await tb.call('GET', '/api/admin/raffles/featured', { as: 'caissier' })).status).toBe(403);
    expect(
      (
        await tb.call('PUT', '/api/admin/raffles/featured', {
          as: 'caissier',
          body: { raffleId: null, bannerShown: false, bannerTitle: '', bannerText: '' },
        })
      ).status,
    ).toBe(403);

    const spring = await createRaffle(tb, { name: 'Tombola de printemps', eventId: EVENT_ID });
    await addPrize(tb, spring, { name: 'Vélo', weight: 1, price: 300, quantity: 1 });
    const later = await createRaffle(tb, { name: 'Tombola de Noël', eventId: EVENT_ID });

    const missingTitle = await tb.call('PUT', '/api/admin/raffles/featured', {
      as: 'admin',
      body: { raffleId: spring, bannerShown: true, bannerTitle: '  ', bannerText: 'Venez !' },
    });
    expect(missingTitle.status).toBe(400);
    expect(await json(missingTitle)).toEqual({
      error: "Le titre de la bannière est requis pour l'afficher sur la page d'accueil.",
      code: 'BANNER_TITLE_REQUIRED',
    });
    const unknown = await tb.call('PUT', '/api/admin/raffles/featured', {
      as: 'admin',
      body: { raffleId: 999999, bannerShown: false, bannerTitle: '', bannerText: '' },
    });
    expect(unknown.status).toBe(404);

    const springBanner = {
      raffleId: spring,
      bannerShown: true,
      bannerTitle: 'Tombola de printemps : la prévente est ouverte !',
      bannerText: 'Un vélo à gagner.',
    };
    const put = await tb.call('PUT', '/api/admin/raffles/featured', { as: 'admin', body: springBanner });
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({
      raffleId: spring,
      raffle: { id: spring, name: 'Tombola de printemps', state: 'open' },
      bannerShown: true,
      bannerTitle: 'Tombola de printemps : la prévente est ouverte !',
      bannerText: 'Un vélo à gagner.',
    });
    expect(await json(await tb.call('GET', '/api/admin/raffles/featured', { as: 'admin' }))).toMatchObject({
      raffleId: spring,
      bannerShown: true,
    });

    // Public: the banner and the pre-sale page show the chosen raffle, not the latest one.
    const featured = await json<{
      data: { raffle: { id: number; name: string }; banner: { key: string; title: string; text: string; link: string } };
    }>(await tb.call('GET', '/api/public/raffle/featured'));
    expect(featured.data.raffle).toMatchObject({ id: spring, name: 'Tombola de printemps', eventName: 'Kermesse des tests' });
    expect(featured.data.banner).toMatchObject({
      title: 'Tombola de printemps : la prévente est ouverte !',
      text: 'Un vélo à gagner.',
      link: '/tombola/prevente',
    });
    const presale = await json<{ data: { id: number; prizes: Array<{ name: string }> } }>(
      await tb.call('GET', '/api/public/raffle/presale'),
    );
    expect(presale.data.id).toBe(spring);
    expect(presale.data.prizes.map((p) => p.name)).toEqual(['Vélo']);
    const results = await json<{ raffle: { id: number } }>(await tb.call('GET', '/api/public/raffle/drawing/results'));
    expect(results.raffle.id).toBe(spring);

    // Same words: same key (a visitor who dismissed it is left alone); new words: a new key.
    const again = await tb.call('PUT', '/api/admin/raffles/featured', { as: 'admin', body: springBanner });
    expect(again.status).toBe(200);
    const sameKey = (await json<typeof featured>(await tb.call('GET', '/api/public/raffle/featured'))).data.banner.key;
    expect(sameKey).toBe(featured.data.banner.key);
    await tb.call('PUT', '/api/admin/raffles/featured', {
      as: 'admin',
      body: { raffleId: later, bannerShown: true, bannerTitle: 'Tombola de Noël', bannerText: '' },
    });
    const christmas = await json<typeof featured>(await tb.call('GET', '/api/public/raffle/featured'));
    expect(christmas.data.banner.title).toBe('Tombola de Noël');
    expect(christmas.data.banner.key).not.toBe(featured.data.banner.key);
    expect((await json<{ data: { id: number } }>(await tb.call('GET', '/api/public/raffle/presale'))).data.id).toBe(later);

    // The banner hidden: no banner publicly; the chosen raffle still drives the pages.
    await tb.call('PUT', '/api/admin/raffles/featured', {
      as: 'admin',
      body: { raffleId: later, bannerShown: false, bannerTitle: 'Tombola de Noël', bannerText: '' },
    });
    expect(
      (await json<{ data: { banner: unknown; raffle: { id: number } } }>(await tb.call('GET', '/api/public/raffle/featured'))).data,
    ).toMatchObject({ banner: null, raffle: { id: later } });

    // A deleted featured raffle leaves nothing chosen: the pre-sale page falls back to the latest raffle on sale.
    expect((await tb.call('DELETE', `/api/admin/raffle/${later}`, { as: 'admin' })).status).toBe(200);
    expect((await json<{ data: { raffle: unknown; banner: unknown } }>(await tb.call('GET', '/api/public/raffle/featured'))).data).toEqual({
      raffle: null,
      banner: null,
    });
  });
});

describe('the public results and the featured raffle', () => {
  it('shows the featured raffle once drawn, the latest drawing until then', async () => {
    const drawn = await createRaffle(tb, { name: 'Tombola tirée', eventId: EVENT_ID });
    await addPrize(tb, drawn, { name: 'Tablette', weight: 1, price: 100, quantity: 1 });
    await sell(7201, drawn, 9);
    expect((await tb.call('POST', `/api/admin/raffle/${drawn}/close`, { as: 'admin' })).status).toBe(200);
    expect((await tb.call('POST', `/api/admin/raffle/${drawn}/drawing`, { as: 'admin' })).status).toBe(201);
    const next = await createRaffle(tb, { name: 'Tombola à venir', eventId: EVENT_ID });
    const results = async () =>
      json<{ raffle: { id: number }; data: unknown[] }>(await tb.call('GET', '/api/public/raffle/drawing/results'));

    await tb.call('PUT', '/api/admin/raffles/featured', {
      as: 'admin',
      body: { raffleId: next, bannerShown: false, bannerTitle: '', bannerText: '' },
    });
    expect((await results()).raffle.id).toBe(drawn);
    await tb.call('PUT', '/api/admin/raffles/featured', {
      as: 'admin',
      body: { raffleId: drawn, bannerShown: false, bannerTitle: '', bannerText: '' },
    });
    const shown = await results();
    expect(shown.raffle.id).toBe(drawn);
    expect(shown.data).toHaveLength(1);
    // The pre-sale page shows no closed raffle, even featured.
    expect((await json<{ data: unknown }>(await tb.call('GET', '/api/public/raffle/presale'))).data).toBeNull();
  });

  it('turns the home banner from the pre-sale to the results once the raffle is drawn', async () => {
    const raffle = await createRaffle(tb, { name: 'Tombola de la fête', eventId: EVENT_ID });
    await addPrize(tb, raffle, { name: 'Trottinette', weight: 1, price: 120, quantity: 1 });
    await tb.call('PUT', '/api/admin/raffles/featured', {
      as: 'admin',
      body: { raffleId: raffle, bannerShown: true, bannerTitle: 'Tombola de la fête : la prévente est ouverte !', bannerText: 'Venez !' },
    });
    type Banner = { key: string; title: string; text: string; link: string; linkLabel: string };
    const banner = async () =>
      (await json<{ data: { banner: Banner | null } }>(await tb.call('GET', '/api/public/raffle/featured'))).data.banner;
    const presale = await banner();
    expect(presale).toMatchObject({
      title: 'Tombola de la fête : la prévente est ouverte !',
      link: '/tombola/prevente',
      linkLabel: 'Voir la prévente',
    });

    await sell(7301, raffle, 4);
    expect((await tb.call('POST', `/api/admin/raffle/${raffle}/close`, { as: 'admin' })).status).toBe(200);
    const closed = await banner();
    expect(closed).toMatchObject({
      title: 'Tombola de la fête : la vente des tickets est close',
      link: '/tombola/resultats',
      linkLabel: 'Voir les résultats',
    });
    expect(closed!.key).not.toBe(presale!.key);

    expect((await tb.call('POST', `/api/admin/raffle/${raffle}/drawing`, { as: 'admin' })).status).toBe(201);
    const results = await banner();
    expect(results).toMatchObject({
      title: 'Tombola de la fête : les résultats du tirage',
      link: '/tombola/resultats',
      linkLabel: 'Voir les résultats',
    });
    expect(results!.text).toMatch(
      /^Le tirage au sort a eu lieu le \d{1,2} \p{L}+ \d{4}\. Découvrez les numéros gagnants et le lot de chacun\.$/u,
    );
    // A visitor who dismissed the pre-sale or the closing announcement still sees the results.
    expect([presale!.key, closed!.key]).not.toContain(results!.key);
  });
});

describe('a duplicated event (catalog.event.created with sourceEventId)', () => {
  it('gets a copy of the raffles (tiers, tickets) and gift baskets (tiers, baskets to win), no sales, exactly once', async () => {
    const raffleId = await createRaffle(tb, {
      name: 'Grande tombola',
      eventId: EVENT_ID,
      tickets: 500,
      price: [
        { nb: 1, p: 2 },
        { nb: 10, p: 15 },
      ],
    });
    await addPrize(tb, raffleId, { name: 'Tablette', weight: 1, price: 199, quantity: 1 });
    await sell(7101, raffleId, 5);
    const basketId = await createGiftBasket(tb, {
      name: 'Paniers garnis',
      eventId: EVENT_ID,
      price: [
        { nb: 1, p: 2 },
        { nb: 3, p: 5 },
      ],
    });
    await addBasketType(tb, basketId, { name: 'Panier gourmand', price: '65,00' });

    // The register announces next year's fair twice (two events, e.g. a replay): one copy only.
    const announced: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const event = await publishEvent(tb, 'catalog.event.created', {
        eventId: NEXT_YEAR,
        name: 'Kermesse 2027',
        startsOn: '2027-06-12',
        sourceEventId: EVENT_ID,
      });
      announced.push(event.id);
    }
    await eventually(async () => (await tb.db('event_copies').where({ event_id: NEXT_YEAR }).first('raffles'))?.raffles > 0);
    await eventually(
      () => configured.some((e) => e.payload.eventId === NEXT_YEAR) && basketsConfigured.some((e) => e.payload.eventId === NEXT_YEAR),
    );

    const all = await json<Array<{ id: number; name: string; eventId: number; sold: number; tickets: number }>>(
      await tb.call('GET', '/api/admin/raffles', { as: 'admin' }),
    );
    const copies = all.filter((r) => r.eventId === NEXT_YEAR);
    expect(copies.map((r) => ({ name: r.name, sold: r.sold, tickets: r.tickets }))).toEqual(
      all.filter((r) => r.eventId === EVENT_ID).map((r) => ({ name: r.name, sold: 0, tickets: r.tickets })),
    );
    const copy = copies.find((r) => r.name === 'Grande tombola')!;
    expect(await json(await tb.call('GET', `/api/admin/raffle/${copy.id}`, { as: 'admin' }))).toEqual([
      { nb: 1, p: 2 },
      { nb: 10, p: 15 },
    ]);
    expect(await json(await tb.call('GET', `/api/admin/raffles/${copy.id}/prizes`, { as: 'admin' }))).toEqual([]);
    await eventually(() => configured.some((e) => e.payload.raffleId === copy.id));
    expect(configured.filter((e) => e.payload.raffleId === copy.id).at(-1)!.payload).toMatchObject({
      eventId: NEXT_YEAR,
      name: 'Grande tombola',
      totalTickets: 500,
      tiers: [
        { nb: 1, priceCents: 200 },
        { nb: 10, priceCents: 1500 },
      ],
      salesOpen: true,
    });

    const baskets = await json<
      Array<{
        id: number;
        name: string;
        eventId: number;
        sold: number;
        types: Array<{ name: string; price: number; realWeight: number | null }>;
      }>
    >(await tb.call('GET', '/api/admin/gift-basket', { as: 'admin' }));
    const basketCopies = baskets.filter((b) => b.eventId === NEXT_YEAR);
    expect(basketCopies).toHaveLength(baskets.filter((b) => b.eventId === EVENT_ID).length);
    const basketCopy = basketCopies.find((b) => b.name === 'Paniers garnis')!;
    expect(basketCopy.types.map((t) => ({ name: t.name, price: t.price, realWeight: t.realWeight }))).toEqual([
      { name: 'Panier gourmand', price: 65, realWeight: null },
    ]);
    expect(await json(await tb.call('GET', `/api/admin/gift-basket/${basketCopy.id}`, { as: 'admin' }))).toEqual([
      { nb: 1, p: 2 },
      { nb: 3, p: 5 },
    ]);

    // Redelivered or repeated: still one copy once both announcements are handled.
    await eventually(async () => (await tb.db('inbox').whereIn('event_id', announced)).length === 2);
    const after = await json<Array<{ eventId: number }>>(await tb.call('GET', '/api/admin/raffles', { as: 'admin' }));
    expect(after.filter((r) => r.eventId === NEXT_YEAR)).toHaveLength(copies.length);
    expect(await tb.db('event_copies').where({ event_id: NEXT_YEAR }).select('source_event_id')).toEqual([{ source_event_id: EVENT_ID }]);
  });

  it('names the copied raffle as the person typed in the duplicate dialog (« Tombola 2027 »), not last year’s', async () => {
    const ANOTHER_YEAR = 63;
    await createRaffle(tb, { name: 'Tombola 2026', eventId: EVENT_ID, tickets: 300 });
    type Row = { id: number; name: string; eventId: number; tickets: number; sold: number };
    const raffles = async (eventId: number) =>
      (await json<Row[]>(await tb.call('GET', '/api/admin/raffles', { as: 'admin' })))
        .filter((r) => r.eventId === eventId)
        .sort((a, b) => a.id - b.id);
    const source = await raffles(EVENT_ID);
    expect(source.length).toBeGreaterThan(1);
    await publishEvent(tb, 'catalog.event.created', {
      eventId: ANOTHER_YEAR,
      name: 'Kermesse 2028',
      startsOn: null,
      sourceEventId: EVENT_ID,
      raffleName: 'Tombola 2028',
    });
    await eventually(async () => (await tb.db('event_copies').where({ event_id: ANOTHER_YEAR }).first('raffles'))?.raffles > 0);
    const copies = await raffles(ANOTHER_YEAR);
    // The first raffle takes the name typed, the others a number after it; tickets as last year, none sold.
    expect(copies.map((r) => ({ name: r.name, tickets: r.tickets, sold: r.sold }))).toEqual(
      source.map((r, i) => ({ name: i === 0 ? 'Tombola 2028' : `Tombola 2028 (${i + 1})`, tickets: r.tickets, sold: 0 })),
    );
    expect(copies.some((r) => source.some((s) => s.name === r.name))).toBe(false);
  });
});

describe('a weighed gift basket', () => {
  it('is no longer offered to the registers and can no longer be deleted', async () => {
    await upsertEvent(tb.db, { id: EVENT_ID, name: 'Kermesse des tests', startsOn: '2026-05-16' });
    const basketId = await createGiftBasket(tb, { name: 'Paniers à peser', eventId: EVENT_ID });
    const gourmand = await addBasketType(tb, basketId, { name: 'Panier gourmand', price: 60 });
    const wellBeing = await addBasketType(tb, basketId, { name: 'Panier bien-être', price: 40 });
    expect(await json(await tb.call('GET', `/api/cr/gift-basket/${basketId}/types`, { as: 'caissier' }))).toEqual([
      { id: gourmand, name: 'Panier gourmand' },
      { id: wellBeing, name: 'Panier bien-être' },
    ]);
    expect(
      (await tb.call('POST', `/api/admin/gift-basket/${basketId}/weigh`, { as: 'admin', body: { typeId: gourmand, weight: 3250 } })).status,
    ).toBe(200);
    expect(await json(await tb.call('GET', `/api/cr/gift-basket/${basketId}/types`, { as: 'caissier' }))).toEqual([
      { id: wellBeing, name: 'Panier bien-être' },
    ]);
    const removed = await tb.call('DELETE', `/api/admin/gift-basket/types/${gourmand}`, { as: 'admin' });
    expect(removed.status).toBe(409);
    expect(await json(removed)).toEqual({
      error: '« Panier gourmand » a déjà été pesé : ce panier ne peut plus être supprimé.',
      code: 'BASKET_WEIGHED',
    });
    expect((await tb.call('DELETE', `/api/admin/gift-basket/types/${wellBeing}`, { as: 'admin' })).status).toBe(200);
  });
});
