/**
 * The raffle service's HTTP API on real Postgres: tiers, prizes (the spec order of checks), the
 * French-law panel, illustrations checked by content, the verifiable drawing (once), the public
 * results and pre-sale page, gift baskets and their winners.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { RaffleSummary, verifyProof, type DrawingProof } from '@kermesse/contracts-raffle';
import { Value } from '@sinclair/typebox/value';
import { main as verifyCommand } from './verify-drawing.ts';
import { addBasketType, addPrize, createGiftBasket, createRaffle, json, recordSale, startTestbed, type Testbed } from './testSupport.ts';
import { cutMultipartUpload } from '@kermesse/kit/testing';
import { folderBytes, LIMITS_HEADER } from '@kermesse/kit/tenancy';

const EVENT_ID = 41;
let tb: Testbed;

beforeAll(async () => {
  tb = await startTestbed({ eventId: EVENT_ID });
});

afterAll(async () => {
  await tb?.close();
});

/** The raffle of these tests: 200 tickets at 1 for 2 € or 3 for 5 € (the messages and payloads below name them). */
const TEST_RAFFLE = {
  name: 'Tombola des tests',
  tickets: 200,
  price: [
    { nb: 1, p: 2 },
    { nb: 3, p: 5 },
  ],
};

/** A sale of this fair recorded the way the consumer does. */
const sell = (sale: Omit<Parameters<typeof recordSale>[1], 'eventId'>) => recordSale(tb, { eventId: EVENT_ID, ...sale });

describe('raffle tiers (ticket price editor)', () => {
  it('creates a raffle with its tiers, answers them as {nb, p}, updates them, and publishes raffle.configured each time', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    expect(await json(await tb.call('GET', `/api/admin/raffle/${id}`, { as: 'admin' }))).toEqual([
      { nb: 1, p: 2 },
      { nb: 3, p: 5 },
    ]);

    const put = await tb.call('PUT', `/api/admin/raffle/${id}`, {
      as: 'admin',
      body: {
        price: [
          { nb: 1, p: 2.5 },
          { nb: 5, p: '10,00' },
          { nb: 12, p: 20 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({
      success: true,
      id,
      price: [
        { nb: 1, p: 2.5 },
        { nb: 5, p: 10 },
        { nb: 12, p: 20 },
      ],
    });

    const events = (await tb.db('outbox').where({ type: 'raffle.configured' }).select('envelope').orderBy('seq'))
      .map((r: { envelope: { payload: { raffleId: number } } }) => r.envelope.payload)
      .filter((p) => p.raffleId === id);
    // Each save publishes the whole raffle: only its tiers differ.
    const configured = (tiers: Array<{ nb: number; priceCents: number }>) => ({
      raffleId: id,
      eventId: EVENT_ID,
      name: 'Tombola des tests',
      totalTickets: 200,
      tiers,
      salesOpen: true,
      prizes: [],
    });
    expect(events).toEqual([
      configured([
        { nb: 1, priceCents: 200 },
        { nb: 3, priceCents: 500 },
      ]),
      configured([
        { nb: 1, priceCents: 250 },
        { nb: 5, priceCents: 1000 },
        { nb: 12, priceCents: 2000 },
      ]),
    ]);
  });

  it('refuses a pair with 0 tickets, a negative price or a repeated price, in French, changing nothing', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const zero = await tb.call('PUT', `/api/admin/raffle/${id}`, { as: 'admin', body: { price: [{ nb: 0, p: 0 }] } });
    expect(zero.status).toBe(400);
    expect(await json(zero)).toEqual({
      error: 'Ligne 1 : le nombre de tickets doit être un nombre entier entre 1 et 100 000.',
      code: 'TIER_INVALID',
    });
    const negative = await tb.call('PUT', `/api/admin/raffle/${id}`, { as: 'admin', body: { price: [{ nb: 1, p: -2 }] } });
    expect(negative.status).toBe(400);
    const twice = await tb.call('PUT', `/api/admin/raffle/${id}`, {
      as: 'admin',
      body: {
        price: [
          { nb: 1, p: 2 },
          { nb: 2, p: 2 },
        ],
      },
    });
    expect(await json(twice)).toEqual({
      error: "Ligne 2 : la ligne 1 a déjà le prix 2,00 € : chaque prix n'apparaît qu'une fois.",
      code: 'TIER_INVALID',
    });
    expect(await json(await tb.call('GET', `/api/admin/raffle/${id}`, { as: 'admin' }))).toEqual([
      { nb: 1, p: 2 },
      { nb: 3, p: 5 },
    ]);
  });

  it('keeps the administration to admins: 403 for a cashier, 401 without a token', async () => {
    expect((await tb.call('GET', '/api/admin/raffles', { as: 'caissier' })).status).toBe(403);
    expect((await tb.call('GET', '/api/admin/raffles')).status).toBe(401);
    expect((await tb.call('GET', '/api/admin/raffles', { as: 'admin' })).status).toBe(200);
  });

  it('answers the raffles list in the shape its contract declares (the remote reads those types)', async () => {
    await createRaffle(tb, TEST_RAFFLE);
    const list = await tb.call('GET', '/api/admin/raffles', { as: 'admin' });
    const body = (await json(list)) as unknown;
    const raffles = Array.isArray(body)
      ? body
      : ((body as { data?: unknown[]; raffles?: unknown[] }).data ?? (body as { raffles?: unknown[] }).raffles);
    expect(raffles?.length).toBeGreaterThan(0);
    for (const raffle of raffles ?? []) expect([...Value.Errors(RaffleSummary, raffle)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
  });

  it('keeps the tiers once a ticket is sold: emptying or changing them answers 409, a new name with the same tiers goes through', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    await sell({ saleId: 9102, tickets: [{ raffleId: id, number: 7 }] });
    const before = await tb.db('outbox').where({ type: 'raffle.configured' }).count<{ count: string }[]>('* as count');
    for (const price of [[], [{ nb: 1, p: 3 }], [...TEST_RAFFLE.price, { nb: 10, p: 15 }]]) {
      const res = await tb.call('PUT', `/api/admin/raffle/${id}`, { as: 'admin', body: { price } });
      expect(res.status).toBe(409);
      expect(await json(res)).toEqual({
        error: 'Des tickets de « Tombola des tests » sont déjà vendus : ses tarifs (nombre de tickets et prix) ne peuvent plus changer.',
        code: 'TIERS_FROZEN',
      });
    }
    // Nothing changed: the registers still sell the same ticket products.
    expect(await json(await tb.call('GET', `/api/admin/raffle/${id}`, { as: 'admin' }))).toEqual(TEST_RAFFLE.price);
    const after = await tb.db('outbox').where({ type: 'raffle.configured' }).count<{ count: string }[]>('* as count');
    expect(after).toEqual(before);
    const renamed = await tb.call('PUT', `/api/admin/raffle/${id}`, { as: 'admin', body: { ...TEST_RAFFLE, name: 'Grande tombola' } });
    expect(renamed.status).toBe(200);
  });

  it('refuses to lower the total of tickets below a number already sold', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    await sell({ saleId: 9101, tickets: [{ raffleId: id, number: 150 }] });
    const res = await tb.call('PUT', `/api/admin/raffle/${id}`, { as: 'admin', body: { price: [{ nb: 1, p: 2 }], tickets: 100 } });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({
      error: 'Le ticket n° 150 est déjà vendu ou réservé : le nombre total de tickets ne peut pas descendre en dessous.',
      code: 'TOTAL_BELOW_SOLD',
    });
  });
});

describe('raffle prizes', () => {
  it('checks a new prize in the spec order with its exact messages', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ weight: 0, price: -1, quantity: -1 }, 'Le nom est requis'],
      [{ name: '   ', weight: 1, price: 1, quantity: 1 }, 'Le nom est requis'],
      [{ name: 'Vélo', price: -1, quantity: -1 }, 'Le rang doit être supérieur à 0'],
      [{ name: 'Vélo', weight: 0, price: 10, quantity: 1 }, 'Le rang doit être supérieur à 0'],
      [{ name: 'Vélo', weight: 1, quantity: -1 }, 'Le prix doit être positif'],
      [{ name: 'Vélo', weight: 1, price: -5, quantity: 1 }, 'Le prix doit être positif'],
      [{ name: 'Vélo', weight: 1, price: 10 }, 'La quantité doit être positive'],
      [{ name: 'Vélo', weight: 1, price: 10, quantity: -1 }, 'La quantité doit être positive'],
    ];
    for (const [body, message] of attempts) {
      const res = await tb.call('POST', `/api/admin/raffles/${id}/prizes`, { as: 'admin', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toEqual({ error: message, code: 'PRIZE_INVALID' });
    }
    expect(await json(await tb.call('GET', `/api/admin/raffles/${id}/prizes`, { as: 'admin' }))).toEqual([]);
  });

  it('adds, lists in rank order, corrects (whole prize in, updated prize out) and deletes a prize', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const bike = await addPrize(tb, id, { name: 'Vélo', weight: 2, price: '120.50', quantity: 1, alcohol: false });
    const wine = await addPrize(tb, id, { name: 'Coffret de vin', weight: 1, price: 30, quantity: 2, alcohol: true });
    const list = await json<Array<Record<string, unknown>>>(await tb.call('GET', `/api/admin/raffles/${id}/prizes`, { as: 'admin' }));
    expect(list.map((p) => p.name)).toEqual(['Coffret de vin', 'Vélo']);
    expect(list[1]).toMatchObject({
      id: bike.id,
      name: 'Vélo',
      label: 'Vélo',
      weight: 2,
      rank: 2,
      price: 120.5,
      cost: 0,
      provider: '',
      quantity: 1,
      alcohol: false,
      Alcohol: false,
      illustration: null,
      image: null,
    });
    expect(list[0]).toMatchObject({ alcohol: true, Alcohol: true, quantity: 2 });

    const edited = { ...list[1], label: 'Vélo de ville', name: 'Vélo de ville', cost: 80, provider: 'Cycles Martin' };
    const put = await tb.call('PUT', `/api/admin/prizes/${bike.id}`, { as: 'admin', body: edited });
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({
      id: bike.id,
      name: 'Vélo de ville',
      cost: 80,
      provider: 'Cycles Martin',
      price: 120.5,
      rank: 2,
    });
    const invalid = await tb.call('PUT', `/api/admin/prizes/${bike.id}`, { as: 'admin', body: { ...edited, weight: 0, rank: 0 } });
    expect(await json(invalid)).toEqual({ error: 'Le rang doit être supérieur à 0', code: 'PRIZE_INVALID' });

    expect((await tb.call('DELETE', `/api/admin/prizes/${wine.id}`, { as: 'admin' })).status).toBe(200);
    expect((await tb.call('DELETE', `/api/admin/prizes/${wine.id}`, { as: 'admin' })).status).toBe(404);
    expect((await json<unknown[]>(await tb.call('GET', `/api/admin/raffles/${id}/prizes`, { as: 'admin' }))).length).toBe(1);
  });

  it('shows the organiser the French-law panel: totals, revenue, cost ratio, and warnings that block nothing', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    await addPrize(tb, id, { name: 'Enveloppe de 50 €', weight: 1, price: 50, cost: 50, quantity: 1 });
    await addPrize(tb, id, { name: 'Chèque-cadeau librairie', weight: 2, price: 20, cost: 0, quantity: 2 });
    await sell({
      saleId: 9201,
      tickets: [
        { raffleId: id, number: 1 },
        { raffleId: id, number: 2 },
      ],
    });
    const dashboard = await json<{ law: Record<string, unknown>; sold: number; revenue: number }>(
      await tb.call('GET', `/api/admin/raffles/${id}`, { as: 'admin' }),
    );
    expect(dashboard.sold).toBe(2);
    expect(dashboard.law).toEqual({
      totalValue: 90,
      totalCost: 50,
      ticketRevenue: 4,
      costRatio: 1250,
      limit: 15,
      // 200 tickets at 2 € each: well under the 7 500 € above which the mayor also asks for the accounts.
      ticketsIssued: 200,
      ticketsIssuedValue: 400,
      accountsThreshold: 7500,
      warnings: [
        "Le lot « Enveloppe de 50 € » ressemble à une somme d'argent : une tombola associative ne peut offrir que des lots en nature (art. L322-3 du Code de la sécurité intérieure).",
        'Le coût des lots (50,00 €) dépasse 15 % des recettes des tickets (4,00 €) : 1250 %.',
      ],
    });
  });
});

describe('prize illustrations', () => {
  const png = readFileSync(new URL('../demo-images/demo-velo.png', import.meta.url));

  function upload(prizeId: number, bytes: Buffer, filename: string, type: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
    return tb.call('POST', `/api/admin/prizes/${prizeId}/illustration`, { as: 'admin', raw: form });
  }

  it('refuses a small PNG that declares 50,000 × 50,000 pixels, and keeps nothing', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const prize = await addPrize(tb, id, { name: 'Poster géant', weight: 1, price: 10, quantity: 1 });
    const ihdr = Buffer.alloc(25);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(ihdr, 0);
    ihdr.writeUInt32BE(13, 8);
    ihdr.write('IHDR', 12, 'ascii');
    ihdr.writeUInt32BE(50_000, 16);
    ihdr.writeUInt32BE(50_000, 20);
    ihdr[24] = 8;
    const bomb = Buffer.concat([ihdr, Buffer.alloc(48 * 1024 - ihdr.length)]);
    const res = await upload(prize.id, bomb, 'poster.png', 'image/png');
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      error: "L'image est trop grande (50000 × 50000 pixels) : réduisez-la sous 12000 pixels de côté et 40 mégapixels.",
      code: 'VALIDATION',
    });
    expect(await json(await tb.call('GET', `/api/admin/prizes/${prize.id}`, { as: 'admin' }))).toMatchObject({ illustration: null });
  });

  it('answers 400 in French to an illustration cut before its closing boundary, keeps nothing and keeps serving', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const prize = await addPrize(tb, id, { name: 'Trottinette', weight: 1, price: 80, quantity: 1 });
    const cut = cutMultipartUpload('trottinette.png', '\x89PNG');
    const res = await tb.call('POST', `/api/admin/prizes/${prize.id}/illustration`, {
      as: 'admin',
      headers: cut.headers as Record<string, string>,
      raw: cut.body as string,
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: "Envoi du fichier interrompu ou mal formé : réessayez l'import.", code: 'VALIDATION' });
    expect(await json(await tb.call('GET', `/api/admin/prizes/${prize.id}`, { as: 'admin' }))).toMatchObject({ illustration: null });
  });

  it('refuses a file that is not an image, whatever its name and declared type, and keeps nothing', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const prize = await addPrize(tb, id, { name: 'Tablette', weight: 1, price: 199, quantity: 1 });
    const res = await upload(prize.id, Buffer.from('<svg onload="alert(1)"></svg> pas une image'), 'tablette.png', 'image/png');
    expect(res.status).toBe(415);
    expect(await json(res)).toEqual({
      error: "Ce fichier n'est pas une image (formats acceptés : PNG, JPEG, GIF ou WebP).",
      code: 'NOT_AN_IMAGE',
    });
    expect(readdirSync(tb.uploadsDir)).toEqual([]);
    expect(await json(await tb.call('GET', `/api/admin/prizes/${prize.id}`, { as: 'admin' }))).toMatchObject({ illustration: null });
  });

  it("refuses, with nothing stored, an image above the association's upload limit or one that would take it over its storage quota", async () => {
    // The limits the gateway names for a hosted association (docs/hosting.md).
    const send = (prizeId: number, limits: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'velo.png');
      return tb.call('POST', `/api/admin/prizes/${prizeId}/illustration`, { as: 'admin', raw: form, headers: { [LIMITS_HEADER]: limits } });
    };
    const id = await createRaffle(tb, TEST_RAFFLE);
    const first = await addPrize(tb, id, { name: 'Panier garni', weight: 1, price: 40, quantity: 1 });
    const second = await addPrize(tb, id, { name: 'Jambon sec', weight: 1, price: 60, quantity: 1 });
    const storedBefore = await folderBytes(tb.uploadsDir);
    // Room for one more such image, not two.
    const quota = storedBefore + png.length + Math.floor(png.length / 2);
    expect((await send(first.id, `upload=${2 * 1024 * 1024}; storage=${quota}`)).status).toBe(201);
    const filesAfterFirst = readdirSync(tb.uploadsDir).sort();

    const full = await send(second.id, `upload=${2 * 1024 * 1024}; storage=${quota}`);
    expect(full.status).toBe(413);
    const used = storedBefore + png.length;
    expect(await json(full)).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      error: expect.stringMatching(
        /^Espace de stockage de l'association plein : .+ utilisés sur .+\. Supprimez des images ou demandez plus d'espace à votre hébergeur\.$/,
      ),
      details: { usedBytes: used, quotaBytes: quota },
    });
    const tooLarge = await send(second.id, `upload=1024; storage=${10 * quota}`);
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toEqual({
      error: 'Fichier trop volumineux : 1 ko au plus par fichier pour votre association.',
      code: 'UPLOAD_TOO_LARGE',
    });
    // Nothing was stored: the same files, and the second prize still without its illustration.
    expect(readdirSync(tb.uploadsDir).sort()).toEqual(filesAfterFirst);
    expect(await json(await tb.call('GET', `/api/admin/prizes/${second.id}`, { as: 'admin' }))).toMatchObject({ illustration: null });
  });

  it('refuses an image above 2 MB and a request without a file', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const prize = await addPrize(tb, id, { name: 'Tablette', weight: 1, price: 199, quantity: 1 });
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(prize.id, big, 'grande.png', 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toEqual({ error: "L'image dépasse la taille maximale de 2 Mo.", code: 'IMAGE_TOO_LARGE' });
    const none = await tb.call('POST', `/api/admin/prizes/${prize.id}/illustration`, { as: 'admin', body: {} });
    expect(none.status).toBe(400);
    expect(await json(none)).toEqual({ error: 'Veuillez sélectionner une image.', code: 'NO_IMAGE' });
  });

  it('stores a real image under a name of its own, serves it from /up-prizes, and replaces it', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const prize = await addPrize(tb, id, { name: 'Vélo', weight: 1, price: 300, quantity: 1 });
    const res = await upload(prize.id, png, '../../etc/velo.txt', 'text/plain');
    expect(res.status).toBe(201);
    const stored = await json<{ illustration: string; image: string }>(res);
    expect(stored.illustration).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(stored.image).toBe(`/up-prizes/${stored.illustration}`);
    const served = await tb.call('GET', stored.image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const again = await json<{ illustration: string }>(await upload(prize.id, png, 'velo2.png', 'image/png'));
    expect(again.illustration).not.toBe(stored.illustration);
    expect(existsSync(path.join(tb.uploadsDir, stored.illustration))).toBe(false);
    expect((await tb.call('GET', `/up-prizes/${stored.illustration}`)).status).toBe(404);
    expect((await tb.call('GET', '/up-prizes/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('serves the demo illustrations shipped with the service', async () => {
    const res = await tb.call('GET', '/up-prizes/demo-vin.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});

describe('the verifiable drawing', () => {
  it('publishes a commitment when sales close, draws once in rank order, reveals the seed, and anyone can verify it', async () => {
    const id = await createRaffle(tb, { ...TEST_RAFFLE, tickets: 500 });
    const first = await addPrize(tb, id, { name: 'Premier lot', weight: 1, price: 100, quantity: 1 });
    const third = await addPrize(tb, id, { name: 'Troisième lot', weight: 3, price: 10, quantity: 3 });
    const second = await addPrize(tb, id, { name: 'Deuxième lot', weight: 2, price: 50, quantity: 2 });
    const numbers = [4, 8, 15, 16, 23, 42, 108, 256, 333, 499];
    for (const [i, number] of numbers.entries()) {
      await sell({
        saleId: 9300 + i,
        tickets: [{ raffleId: id, number }],
        buyer: { personId: i + 1, firstname: `Prénom${i}`, lastname: `Nom${i}`, email: null, phone: null },
      });
    }

    const before = await json<{ success: boolean; data: unknown[]; drawing: Record<string, unknown> }>(
      await tb.call('GET', `/api/admin/raffle/${id}/drawing`, { as: 'admin' }),
    );
    expect(before).toMatchObject({ success: true, data: [], drawing: { state: 'open', commitment: null, seed: null } });
    const early = await tb.call('POST', `/api/admin/raffle/${id}/drawing`, { as: 'admin' });
    expect(early.status).toBe(409);

    const closed = await json<{ drawing: { state: string; commitment: string; ticketsHash: string; ticketsCount: number; seed: null } }>(
      await tb.call('POST', `/api/admin/raffle/${id}/close`, { as: 'admin' }),
    );
    expect(closed.drawing).toMatchObject({ state: 'closed', ticketsCount: 10, seed: null });
    expect(closed.drawing.commitment).toMatch(/^[0-9a-f]{64}$/);
    // Sales are closed: no more claims.
    const claim = await tb.call('POST', '/internal/claims', {
      as: 'caissier',
      body: { claimId: randomUUID(), tickets: [{ raffleId: id, number: 1 }] },
    });
    expect(claim.status).toBe(409);
    expect(await json(claim)).toEqual({
      error: 'La vente des tickets de la tombola « Tombola des tests » est close.',
      code: 'SALES_CLOSED',
    });
    // The proof before the drawing keeps the seed secret.
    const proofBefore = await json<{ data: DrawingProof }>(await tb.call('GET', `/api/public/raffle/${id}/drawing/proof`));
    expect(proofBefore.data).toMatchObject({
      seed: null,
      tickets: numbers,
      commitment: closed.drawing.commitment,
      ticketsHash: closed.drawing.ticketsHash,
    });
    // Nothing public yet.
    expect(await json(await tb.call('GET', `/api/public/raffle/drawing/results?raffleId=${id}`))).toMatchObject({
      success: true,
      data: [],
      message: "Le tirage au sort n'a pas encore été effectué.",
    });

    const drawn = await tb.call('POST', `/api/admin/raffle/${id}/drawing`, { as: 'admin' });
    expect(drawn.status).toBe(201);
    const result = await json<{
      data: Array<{
        prize: { id: number; name: string; quantity: number };
        winners: Array<{ number: number; firstname: string; lastname: string }>;
      }>;
      drawing: { seed: string };
    }>(drawn);
    expect(result.data.map((d) => d.prize.name)).toEqual(['Premier lot', 'Deuxième lot', 'Troisième lot']);
    expect(result.data.map((d) => d.winners.length)).toEqual([1, 2, 3]);
    const winning = result.data.flatMap((d) => d.winners.map((w) => w.number));
    expect(new Set(winning).size).toBe(6);
    for (const n of winning) expect(numbers).toContain(n);
    const holder = result.data[0]!.winners[0]!;
    expect(holder.lastname).toBe(`Nom${numbers.indexOf(holder.number)}`);
    expect(result.drawing.seed).toMatch(/^[0-9a-f]{64}$/);

    const again = await tb.call('POST', `/api/admin/raffle/${id}/drawing`, { as: 'admin' });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ error: 'Le tirage au sort de cette tombola a déjà été effectué.', code: 'ALREADY_DRAWN' });
    expect(await tb.db('drawing_winners').where({ raffle_id: id }).count('* as n').first()).toEqual({ n: 6 });

    // Public results: the same winners, last names reduced to an initial.
    const pub = await json<{ success: boolean; data: typeof result.data }>(await tb.call('GET', '/api/public/raffle/drawing/results'));
    expect(pub.success).toBe(true);
    expect(pub.data.flatMap((d) => d.winners.map((w) => w.number))).toEqual(winning);
    expect(pub.data[0]!.winners[0]!.lastname).toBe('N.');

    // Anyone recomputes the winners from the published proof.
    const proof = (await json<{ data: DrawingProof }>(await tb.call('GET', `/api/public/raffle/${id}/drawing/proof`))).data;
    expect(proof.prizes).toEqual([
      { id: first.id, rank: 1, quantity: 1 },
      { id: second.id, rank: 2, quantity: 2 },
      { id: third.id, rank: 3, quantity: 3 },
    ]);
    expect((await verifyProof(proof)).ok).toBe(true);
    const lines: string[] = [];
    expect(await verifyCommand([`${tb.base}/api/public/raffle/${id}/drawing/proof`], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe("Vérification réussie : le tirage est conforme à l'engagement publié.");
    // A tampered winner list does not verify.
    const tampered = {
      ...proof,
      winners: [{ ...proof.winners[0]!, number: proof.tickets.find((t) => !winning.includes(t))! }, ...proof.winners.slice(1)],
    };
    expect((await verifyProof(tampered)).ok).toBe(false);
  });

  it('freezes the prizes to draw once the sales close', async () => {
    const id = await createRaffle(tb, TEST_RAFFLE);
    const prize = await addPrize(tb, id, { name: 'Lot', weight: 1, price: 10, quantity: 1 });
    await tb.call('POST', `/api/admin/raffle/${id}/close`, { as: 'admin' });
    const added = await tb.call('POST', `/api/admin/raffles/${id}/prizes`, {
      as: 'admin',
      body: { name: 'Nouveau', weight: 2, price: 1, quantity: 1 },
    });
    expect(added.status).toBe(409);
    expect(await json(added)).toEqual({
      error: 'La vente des tickets est close : les lots à tirer au sort (rang et quantité) ne peuvent plus changer.',
      code: 'PRIZES_FROZEN',
    });
    const renamed = await tb.call('PUT', `/api/admin/prizes/${prize.id}`, { as: 'admin', body: { name: 'Lot renommé' } });
    expect(renamed.status).toBe(200);
    expect((await tb.call('PUT', `/api/admin/prizes/${prize.id}`, { as: 'admin', body: { quantity: 5 } })).status).toBe(409);
  });
});

describe('public pre-sale page', () => {
  it('shows the raffle on sale with its ticket prices and illustrated prizes, without sign-in', async () => {
    const id = await createRaffle(tb, { ...TEST_RAFFLE, name: 'Tombola de la prévente', tickets: 300 });
    await addPrize(tb, id, { name: 'Panier garni', weight: 1, price: 60, quantity: 1 });
    await sell({
      saleId: 9400,
      tickets: [
        { raffleId: id, number: 10 },
        { raffleId: id, number: 11 },
      ],
    });
    const res = await tb.call('GET', '/api/public/raffle/presale');
    expect(res.status).toBe(200);
    const body = await json<{ data: Record<string, unknown> }>(res);
    expect(body.data).toMatchObject({
      id,
      name: 'Tombola de la prévente',
      eventName: 'Kermesse des tests',
      tickets: 300,
      remaining: 298,
      price: [
        { nb: 1, p: 2 },
        { nb: 3, p: 5 },
      ],
      prizes: [{ name: 'Panier garni', quantity: 1, price: 60, image: null }],
    });
  });
});

describe('gift baskets', () => {
  it('creates a basket with tiers and baskets to win, sells bets, takes the real weights and names the winners', async () => {
    const id = await createGiftBasket(tb, { name: 'Paniers des tests', price: TEST_RAFFLE.price });
    expect(await json(await tb.call('GET', `/api/admin/gift-basket/${id}`, { as: 'admin' }))).toEqual([
      { nb: 1, p: 2 },
      { nb: 3, p: 5 },
    ]);

    const missing = await tb.call('POST', `/api/admin/gift-basket/${id}/prizes`, {
      as: 'admin',
      body: { name: 'Panier gourmand', price: '' },
    });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toEqual({ error: 'Le nom et le prix sont requis.', code: 'BASKET_TYPE_REQUIRED' });
    const gourmand = await addBasketType(tb, id, { name: 'Panier gourmand', price: 65 });
    const spare = await addBasketType(tb, id, { name: 'Panier en trop', price: 1 });
    const wellBeing = await addBasketType(tb, id, { name: 'Panier bien-être', price: 45 });
    expect(
      (await tb.call('PUT', `/api/admin/gift-basket/types/${wellBeing}`, { as: 'admin', body: { name: 'Panier détente', price: 50 } }))
        .status,
    ).toBe(200);
    expect((await tb.call('DELETE', `/api/admin/gift-basket/types/${spare}`, { as: 'admin' })).status).toBe(200);
    expect(await json(await tb.call('GET', `/api/cr/gift-basket/${id}/types`, { as: 'caissier' }))).toEqual([
      { id: gourmand, name: 'Panier gourmand' },
      { id: wellBeing, name: 'Panier détente' },
    ]);

    // Real weight 3,000 g: 2,950 and 3,050 are equally close — the bet sold first wins.
    await sell({
      saleId: 9501,
      buyer: { personId: 1, firstname: 'Inès', lastname: 'Roux', email: 'ines@example.org', phone: '0611111111' },
      bets: [{ giftBasketId: id, typeId: gourmand, weight: 3050 }],
    });
    await sell({
      saleId: 9502,
      buyer: { personId: 2, firstname: 'Jules', lastname: 'Blanc', email: 'jules@example.org', phone: '0622222222' },
      bets: [
        { giftBasketId: id, typeId: gourmand, weight: 2950 },
        { giftBasketId: id, typeId: wellBeing, weight: 1800 },
      ],
    });
    await sell({
      saleId: 9503,
      buyer: { personId: 3, firstname: 'Zoé', lastname: 'Faure', email: 'zoe@example.org', phone: '0633333333' },
      bets: [{ giftBasketId: id, typeId: gourmand, weight: 4200 }],
    });
    expect(await json(await tb.call('GET', `/api/cr/gift-basket/${id}/votes/sold`, { as: 'caissier' }))).toEqual([
      { weight: 1800, type: { id: wellBeing, name: 'Panier détente' } },
      { weight: 2950, type: { id: gourmand, name: 'Panier gourmand' } },
      { weight: 3050, type: { id: gourmand, name: 'Panier gourmand' } },
      { weight: 4200, type: { id: gourmand, name: 'Panier gourmand' } },
    ]);
    // A basket with bets cannot be removed.
    expect((await tb.call('DELETE', `/api/admin/gift-basket/types/${gourmand}`, { as: 'admin' })).status).toBe(409);

    expect(await json(await tb.call('GET', `/api/admin/gift-basket/${id}/weigh/result`, { as: 'admin' }))).toEqual({
      success: true,
      data: [],
    });
    expect(
      (await tb.call('POST', `/api/admin/gift-basket/${id}/weigh`, { as: 'admin', body: { typeId: gourmand, weight: 3000 } })).status,
    ).toBe(200);
    expect(
      (await tb.call('POST', `/api/admin/gift-basket/${id}/weigh`, { as: 'admin', body: { typeId: wellBeing, weight: 0 } })).status,
    ).toBe(400);
    const result = await json(await tb.call('GET', `/api/admin/gift-basket/${id}/weigh/result`, { as: 'admin' }));
    expect(result).toEqual({
      success: true,
      data: [
        {
          id: gourmand,
          label: 'Panier gourmand',
          realWeight: 3000,
          result: {
            weigh: 3050,
            person: { id: 1, civility: null, firstname: 'Inès', lastname: 'Roux', email: 'ines@example.org', phone: '0611111111' },
          },
        },
      ],
    });
    // Weighed: no more bets on that basket.
    const late = await tb.call('POST', '/internal/claims', {
      as: 'caissier',
      body: { claimId: randomUUID(), bets: [{ giftBasketId: id, typeId: gourmand, weight: 3001 }] },
    });
    expect(late.status).toBe(409);
    expect(await json(late)).toEqual({
      error: 'Les paris sur « Panier gourmand » sont clos : le panier a déjà été pesé.',
      code: 'BETS_CLOSED',
    });
  });
});
