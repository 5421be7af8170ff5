import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, testTokens, testTokenVerifier, type TestDatabase } from '@kermesse/kit/testing';
import { checkDigit, type Board, type CartonShape, type Prize, type SeatPlan } from '@kermesse/contracts-bingo';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { upsertEvent } from './repositories/nights.ts';

const logger = createLogger('test', 'error');
let database: TestDatabase;
let db: Db;
let service: RunningServer;
let base: string;
let tokens: Record<string, string>;
/** Tokens of the test signer: the service verifies them as it would identity's (same claims, same checks). */
const verifier = testTokenVerifier();
type Who = 'admin' | 'caissier' | 'benevole' | 'none';

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 25 });
  await migrateLatest(db, { schema, migrations });
  // The fair the nights below belong to, as the register announces it (catalog.event.created).
  await upsertEvent(db, { id: 1, name: 'Kermesse de printemps', starts_on: '2026-05-16' });
  // No register here (port 9 answers nothing): an event the read model does not know cannot be checked.
  service = await listen(await buildApp({ db, logger, verifier, registerUrl: 'http://127.0.0.1:9' }), 0);
  base = `http://127.0.0.1:${service.port}`;
  tokens = await testTokens();
});

afterAll(async () => {
  await service?.close();
  await db?.destroy();
  await database?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers of many shapes
async function call<T = any>(method: string, path: string, body?: unknown, who: Who = 'admin'): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (who !== 'none') headers.authorization = `Bearer ${tokens[who]}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let nightSeq = 0;
/** A fresh night of its own for a test (default plan 30 × 6). */
async function newNight(extra: Record<string, unknown> = {}): Promise<number> {
  nightSeq += 1;
  const res = await call('POST', '/admin-bingo/api/bingo', {
    name: `Loto test ${nightSeq}`,
    heldOn: '2031-01-10',
    cartonPrice: '2,50',
    eventId: 1,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('the service', () => {
  it('is ready once its schema is migrated', async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ service: 'bingo', status: 'ready' });
  });
});

describe('bingo prizes (docs/spec.md §7)', () => {
  it('adds ten prizes to one night at once: each is recorded, none fails', async () => {
    const id = await newNight();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/admin/bingo/prize/api/prize', { label: `Lot ${i}`, rank: i + 1, provider: 'Mairie', bingoId: id }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect((await call('GET', `/admin/bingo/prize/api/prizes?bingoId=${id}`)).body).toHaveLength(10);
  });

  it('refuses ids and amounts past their column in French (400, VALIDATION), before any change', async () => {
    const id = await newNight();
    const tooBig = 'Le champ « id » doit être inférieur ou égal à 2\u202f147\u202f483\u202f647.';
    expect(await call('GET', '/api/public/bingo/3000000000/tableau', undefined, 'none')).toMatchObject({
      status: 400,
      body: { error: tooBig, code: 'VALIDATION' },
    });
    expect(await call('GET', '/admin-bingo/api/bingo/3000000000')).toMatchObject({ status: 400, body: { error: tooBig } });
    expect(await call('GET', '/api/volunteer/bingo/3000000000/caller/board', undefined, 'benevole')).toMatchObject({
      status: 400,
      body: { error: tooBig, code: 'VALIDATION' },
    });
    for (const action of ['reserve', 'release']) {
      expect(
        await call('POST', `/api/volunteer/bingo/${id}/${action}`, { tableId: 3000000000, seatId: 1, name: 'Martin' }, 'benevole'),
      ).toMatchObject({
        status: 400,
        body: { error: 'Le champ « tableId » doit être inférieur ou égal à 2\u202f147\u202f483\u202f647.', code: 'VALIDATION' },
      });
    }
    for (const price of [30000000, '30 000 000,00']) {
      expect(
        await call('POST', '/admin/bingo/prize/api/prize', { label: 'Voiture', rank: 1, price, provider: 'Garage', bingoId: id }),
      ).toMatchObject({
        status: 400,
        body: {
          error: 'Le champ « price » ne peut dépasser 1\u202f000\u202f000,00\u00a0€.',
          code: 'VALIDATION',
          details: { field: 'price' },
        },
      });
    }
    expect((await call('GET', `/admin/bingo/prize/api/prizes?bingoId=${id}`)).body).toHaveLength(0);
  });

  it('adds, reads, corrects and deletes a prize; price and cost default to 0.00 and accept « 30,50 »', async () => {
    const id = await newNight();
    const created = await call('POST', '/admin/bingo/prize/api/prize', {
      label: 'Vélo',
      rank: 1,
      price: '30,50',
      provider: 'Cycles Dupont',
      bingoId: id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      label: 'Vélo',
      rank: 1,
      price: '30.50',
      cost: '0.00',
      provider: 'Cycles Dupont',
      nature: 'lot',
      bingoId: id,
    });
    const prizeId = created.body.id;
    expect((await call('GET', `/admin/bingo/prize/api/prize/${prizeId}`)).body.label).toBe('Vélo');
    const updated = await call('PUT', `/admin/bingo/prize/api/prize/${prizeId}`, {
      label: 'Vélo enfant',
      rank: 2,
      price: 120,
      cost: '80.00',
      provider: 'Cycles Dupont',
    });
    expect(updated.body).toMatchObject({ label: 'Vélo enfant', rank: 2, price: '120.00', cost: '80.00' });
    expect((await call('GET', `/admin/bingo/prize/api/prizes?bingoId=${id}`)).body).toHaveLength(1);
    expect((await call('DELETE', `/admin/bingo/prize/api/prize/${prizeId}`)).status).toBe(200);
    expect((await call('GET', `/admin/bingo/prize/api/prize/${prizeId}`)).status).toBe(404);
    expect((await call('DELETE', `/admin/bingo/prize/api/prize/${prizeId}`)).body).toMatchObject({
      error: 'Lot introuvable.',
      code: 'PRIZE_NOT_FOUND',
    });
  });

  it('answers 401 without a token and 403 to a cashier or a volunteer', async () => {
    for (const [method, path] of [
      ['GET', '/admin/bingo/prize/api/prizes?bingoId=1'],
      ['POST', '/admin/bingo/prize/api/prize'],
      ['GET', '/admin/bingo/prize/api/prize/1'],
      ['PUT', '/admin/bingo/prize/api/prize/1'],
      ['DELETE', '/admin/bingo/prize/api/prize/1'],
    ] as const) {
      expect((await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, 'none')).status).toBe(401);
      expect((await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, 'caissier')).status).toBe(403);
      expect((await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, 'benevole')).status).toBe(403);
    }
  });

  it('refuses bad input in French naming the field, writing nothing', async () => {
    const id = await newNight();
    const cases: [unknown, number, RegExp][] = [
      [{ rank: 1, provider: 'x', bingoId: id }, 400, /« label » est obligatoire/],
      [{ label: '  ', rank: 1, provider: 'x', bingoId: id }, 400, /« label » ne doit pas être vide/],
      [{ label: 'Lot', rank: 0, provider: 'x', bingoId: id }, 400, /« rank »/],
      [{ label: 'Lot', rank: 1, provider: 'x', price: 'douze', bingoId: id }, 400, /« price »/],
      [{ label: 'Lot', rank: 1, bingoId: id }, 400, /« provider » est obligatoire/],
      [{ label: 'Lot', rank: 1, provider: 'x' }, 400, /« bingoId » est obligatoire/],
      [{ label: 'Lot', rank: 1, provider: 'x', bingoId: 99999 }, 404, /Soirée loto introuvable/],
      [{ label: '50 € en espèces', rank: 1, provider: 'x', bingoId: id }, 400, /en espèces est interdit/],
      [{ label: 'Enveloppe', rank: 1, provider: 'x', nature: 'especes', bingoId: id }, 400, /en espèces est interdit/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/admin/bingo/prize/api/prize', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toMatch(message);
    }
    expect((await call('GET', '/admin/bingo/prize/api/prizes')).status).toBe(400);
    expect((await call('GET', `/admin/bingo/prize/api/prizes?bingoId=${id}`)).body).toEqual([]);
    const voucher = await call('POST', '/admin/bingo/prize/api/prize', {
      label: "Bon d'achat 30 €",
      rank: 1,
      provider: 'Carrefour',
      nature: 'bon',
      bingoId: id,
    });
    expect(voucher.status).toBe(201);
  });
});

describe('seating plan (docs/spec.md §7)', () => {
  for (const [area, prefix, who] of [
    ['admin', '/admin-bingo/api/bingo', 'admin'],
    ['volunteer', '/api/volunteer/bingo', 'benevole'],
  ] as const) {
    it(`${area}: reserves by name, 409 on a taken seat and on releasing a free one, releases; errors carry message`, async () => {
      const id = await newNight();
      const reserve = await call('POST', `${prefix}/${id}/reserve`, { tableId: 3, seatId: 2, name: 'Famille Durand' }, who);
      expect(reserve.status).toBe(200);
      const plan = await call<SeatPlan>('GET', `${prefix}/${id}/placement`, undefined, who);
      expect(plan.body.tables[2]).toEqual({
        tableId: 3,
        label: 'Table 3',
        seats: expect.arrayContaining([{ seatId: 2, name: 'Famille Durand', reserved: true }]),
      });
      const again = await call('POST', `${prefix}/${id}/reserve`, { tableId: 3, seatId: 2, name: 'Autre' }, who);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'SEAT_TAKEN',
        message: expect.stringMatching(/vient d’être réservé/),
        error: expect.any(String),
      });
      expect((await call('POST', `${prefix}/${id}/release`, { tableId: 3, seatId: 2 }, who)).status).toBe(200);
      const free = await call('POST', `${prefix}/${id}/release`, { tableId: 3, seatId: 2 }, who);
      expect(free.status).toBe(409);
      expect(free.body).toMatchObject({ code: 'SEAT_FREE', message: "Ce siège n'est pas réservé." });
      const outside = await call('POST', `${prefix}/${id}/reserve`, { tableId: 31, seatId: 1, name: 'X' }, who);
      expect(outside.status).toBe(404);
      expect(outside.body.message).toBe("Ce siège n'existe pas dans le plan de salle.");
      const noName = await call('POST', `${prefix}/${id}/reserve`, { tableId: 1, seatId: 1, name: '' }, who);
      expect(noName.status).toBe(400);
      expect(noName.body.message).toMatch(/« name »/);
      const badSeat = await call('POST', `${prefix}/${id}/reserve`, { tableId: 1, seatId: 'un', name: 'X' }, who);
      expect(badSeat.status).toBe(400);
      expect(badSeat.body.message).toMatch(/« seatId »/);
      expect((await call('GET', `${prefix}/99999/placement`, undefined, who)).status).toBe(404);
    });
  }

  it('admin plan: 401 without a token, 403 for a cashier and a volunteer; volunteer plan: 403 for a cashier', async () => {
    const id = await newNight();
    for (const [method, path, body] of [
      ['GET', `/admin-bingo/api/bingo/${id}/placement`, undefined],
      ['POST', `/admin-bingo/api/bingo/${id}/reserve`, { tableId: 9, seatId: 1, name: 'X' }],
      ['POST', `/admin-bingo/api/bingo/${id}/release`, { tableId: 9, seatId: 1 }],
    ] as const) {
      expect((await call(method, path, body, 'none')).status).toBe(401);
      expect((await call(method, path, body, 'caissier')).status).toBe(403);
      expect((await call(method, path, body, 'benevole')).status).toBe(403);
    }
    for (const [method, path, body] of [
      ['GET', `/api/volunteer/bingo/${id}/placement`, undefined],
      ['POST', `/api/volunteer/bingo/${id}/reserve`, { tableId: 9, seatId: 1, name: 'X' }],
      ['POST', `/api/volunteer/bingo/${id}/release`, { tableId: 9, seatId: 1 }],
    ] as const) {
      expect((await call(method, path, body, 'none')).status).toBe(401);
      const cashier = await call(method, path, body, 'caissier');
      expect(cashier.status).toBe(403);
      expect(cashier.body.message).toBe('Accès refusé : droits insuffisants.');
    }
    expect((await call('GET', `/api/volunteer/bingo/${id}/placement`, undefined, 'admin')).status).toBe(200);
  });

  it('gives a seat once when 20 volunteers take it at the same moment', async () => {
    const id = await newNight();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `/api/volunteer/bingo/${id}/reserve`, { tableId: 7, seatId: 4, name: `Famille ${i}` }, 'benevole'),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const rows = await db('reservations').where({ bingo_id: id });
    expect(rows).toHaveLength(1);
  });

  it("reserves a family's seats all or none", async () => {
    const id = await newNight();
    await call('POST', `/admin-bingo/api/bingo/${id}/reserve`, { tableId: 2, seatId: 3, name: 'Déjà là' });
    const refused = await call(
      'POST',
      `/api/volunteer/bingo/${id}/reserve-group`,
      {
        name: 'Famille Martin',
        seats: [
          { tableId: 2, seatId: 1 },
          { tableId: 2, seatId: 2 },
          { tableId: 2, seatId: 3 },
        ],
      },
      'benevole',
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SEATS_TAKEN', details: { taken: [{ tableId: 2, seatId: 3 }] } });
    expect(await db('reservations').where({ bingo_id: id })).toHaveLength(1);
    const ok = await call(
      'POST',
      `/api/volunteer/bingo/${id}/reserve-group`,
      {
        name: 'Famille Martin',
        seats: [
          { tableId: 2, seatId: 1 },
          { tableId: 2, seatId: 2 },
          { tableId: 2, seatId: 4 },
        ],
      },
      'benevole',
    );
    expect(ok.status).toBe(200);
    const plan = await call<SeatPlan>('GET', `/api/volunteer/bingo/${id}/placement`, undefined, 'benevole');
    expect(plan.body.tables[1]!.seats.map((s) => s.name)).toEqual([
      'Famille Martin',
      'Famille Martin',
      'Déjà là',
      'Famille Martin',
      null,
      null,
    ]);
  });

  it('edits the plan: number of tables, seats per table and names, never dropping a reserved seat', async () => {
    const id = await newNight();
    await call('POST', `/admin-bingo/api/bingo/${id}/reserve`, { tableId: 2, seatId: 8, name: 'Loin' }).then((r) =>
      expect(r.status).toBe(404),
    );
    const plan = await call<SeatPlan>('PUT', `/admin-bingo/api/bingo/${id}/plan`, {
      tables: [{ seats: 4 }, { name: 'Table 2 — Famille Martin', seats: 8 }],
    });
    expect(plan.status).toBe(200);
    expect(plan.body.tables.map((t) => [t.label, t.seats.length])).toEqual([
      ['Table 1', 4],
      ['Table 2 — Famille Martin', 8],
    ]);
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/reserve`, { tableId: 2, seatId: 8, name: 'Loin' })).status).toBe(200);
    const shrink = await call('PUT', `/admin-bingo/api/bingo/${id}/plan`, { tables: [{ seats: 4 }, { seats: 6 }] });
    expect(shrink.status).toBe(409);
    expect(shrink.body).toMatchObject({ code: 'PLAN_SEAT_RESERVED', details: { seats: [{ tableId: 2, seatId: 8, name: 'Loin' }] } });
    expect((await call('PUT', `/admin-bingo/api/bingo/${id}/plan`, { tables: [] })).status).toBe(400);
    expect((await call('PUT', `/admin-bingo/api/bingo/${id}/plan`, { tables: [{ seats: 4 }] }, 'benevole')).status).toBe(403);
  });
});

describe('the fair a night belongs to', () => {
  it('is required, in French, and nothing is written without it', async () => {
    const before = (await db('nights').count<{ n: number }[]>('* as n'))[0]!.n;
    const none = await call('POST', '/admin-bingo/api/bingo', { name: 'Loto sans fête', heldOn: '2033-03-01', cartonPrice: '3' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'VALIDATION', error: expect.stringMatching(/eventId/) });
    const nulled = await call('POST', '/admin-bingo/api/bingo', {
      name: 'Loto sans fête',
      heldOn: '2033-03-01',
      cartonPrice: '3',
      eventId: null,
    });
    expect(nulled.status).toBe(400);
    expect((await db('nights').count<{ n: number }[]>('* as n'))[0]!.n).toBe(before);
  });

  it('is one the read model knows; an unknown one that the register cannot confirm is a French 503, never a night without its fair', async () => {
    const created = await call('POST', '/admin-bingo/api/bingo', {
      name: 'Loto de la fête',
      heldOn: '2033-03-01',
      cartonPrice: '3',
      eventId: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ eventId: 1, eventName: 'Kermesse de printemps', eventLocked: false });
    const unknown = await call('POST', '/admin-bingo/api/bingo', {
      name: 'Loto perdu',
      heldOn: '2033-03-01',
      cartonPrice: '3',
      eventId: 9999,
    });
    expect(unknown.status).toBe(503);
    expect(unknown.body).toMatchObject({ code: 'UNAVAILABLE', error: expect.stringMatching(/impossible de vérifier l’événement/) });
    expect(await db('nights').where({ name: 'Loto perdu' }).first()).toBeUndefined();
    const moved = await call('PUT', `/admin-bingo/api/bingo/${created.body.id}`, {
      name: 'Loto de la fête',
      heldOn: '2033-03-01',
      cartonPrice: '3',
      eventId: 9999,
    });
    expect(moved.status).toBe(503);
    expect((await call('GET', `/admin-bingo/api/bingo/${created.body.id}`)).body.eventId).toBe(1);
  });
});

describe('loto night and French law', () => {
  it('refuses a carton at 20 € or more and warns past 3 lotos a year', async () => {
    const tooDear = await call('POST', '/admin-bingo/api/bingo', { name: 'Cher', heldOn: '2032-03-01', cartonPrice: '20,00', eventId: 1 });
    expect(tooDear.status).toBe(400);
    expect(tooDear.body).toMatchObject({ code: 'CARTON_PRICE_TOO_HIGH', error: expect.stringMatching(/inférieur à 20 €/) });
    const badPrice = await call('POST', '/admin-bingo/api/bingo', { name: 'X', heldOn: '2032-03-01', cartonPrice: 'trois', eventId: 1 });
    expect(badPrice.body.error).toMatch(/« cartonPrice »/);
    for (let i = 0; i < 3; i += 1) {
      const ok = await call('POST', '/admin-bingo/api/bingo', {
        name: `Loto ${i}`,
        heldOn: `2032-0${i + 1}-15`,
        cartonPrice: '19,99',
        eventId: 1,
      });
      expect(ok.body.warnings).toEqual([]);
    }
    const fourth = await call('POST', '/admin-bingo/api/bingo', { name: 'Loto 4', heldOn: '2032-10-15', cartonPrice: 5, eventId: 1 });
    expect(fourth.body.warnings[0]).toMatch(/^Attention : 4 lotos sont prévus en 2032/);
  });

  it('prints a règlement with the parties and their prizes', async () => {
    const id = await newNight({ cartonPrice: '3' });
    const prize = await call('POST', '/admin/bingo/prize/api/prize', {
      label: 'Bon d’achat librairie 20 €',
      rank: 1,
      provider: 'Librairie',
      nature: 'bon',
      bingoId: id,
    });
    expect(
      (await call('PUT', `/admin-bingo/api/bingo/${id}/parties`, { parties: [{ kind: 'quine', prizeIds: [prize.body.id] }] })).status,
    ).toBe(200);
    const res = await call('GET', `/admin-bingo/api/bingo/${id}/reglement`);
    expect(res.body.articles[1].replace(/[\u00a0\u202f]/g, ' ')).toBe(
      "Article 2 — Le carton est vendu 3,00 €. Aucun carton n'est vendu à 20 € ou plus.",
    );
    expect(res.body.articles.join('\n')).toMatch(/1\. Quine : Bon d’achat librairie 20 €/);
  });
});

describe('a night that is played', () => {
  it('generates valid, distinct cartons numbered after the existing ones', async () => {
    const id = await newNight();
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/cartons`, { count: 300 })).body).toEqual({ from: 1, to: 300 });
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/cartons`, { count: 6 })).body).toEqual({ from: 301, to: 306 });
    const list = await call<{ cartons: CartonShape[]; total: number }>('GET', `/admin-bingo/api/bingo/${id}/cartons?from=1&to=306`);
    expect(list.body.total).toBe(306);
    expect(new Set(list.body.cartons.map((c) => JSON.stringify(c.grid))).size).toBe(306);
    expect(list.body.cartons[41]!.code).toBe(`42-${checkDigit(42)}`);
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/cartons`, { count: 0 })).status).toBe(400);
  });

  it('calls balls, refuses a repeat, undoes, pauses, moves on, and checks a carton by its number', async () => {
    const id = await newNight({ callers: ['benevole@kermesse.local'] });
    const prize = (await call('POST', '/admin/bingo/prize/api/prize', { label: 'Jambon', rank: 1, provider: 'Boucherie', bingoId: id }))
      .body as Prize;
    await call('PUT', `/admin-bingo/api/bingo/${id}/parties`, {
      parties: [
        { kind: 'quine', prizeIds: [prize.id] },
        { kind: 'carton_plein', prizeIds: [] },
      ],
    });
    await call('POST', `/admin-bingo/api/bingo/${id}/cartons`, { count: 2 });
    const carton = (await call<{ cartons: CartonShape[] }>('GET', `/admin-bingo/api/bingo/${id}/cartons`)).body.cartons[0]!;
    const firstRow = carton.grid[0]!.filter((n): n is number => n !== null);

    const caller = `/api/volunteer/bingo/${id}/caller`;
    for (const n of firstRow.slice(0, 4)) expect((await call('POST', `${caller}/balls`, { number: n }, 'benevole')).status).toBe(201);
    const repeat = await call('POST', `${caller}/balls`, { number: firstRow[0] }, 'benevole');
    expect(repeat.status).toBe(409);
    expect(repeat.body.message).toBe('Cette boule est déjà sortie.');
    const notYet = await call('POST', `${caller}/check`, { carton: carton.code }, 'benevole');
    expect(notYet.body).toMatchObject({ wins: false, quine: false, message: expect.stringMatching(/pas de quine/) });

    await call('POST', `${caller}/balls`, { number: firstRow[4] }, 'benevole');
    const win = await call('POST', `${caller}/check`, { carton: carton.code }, 'benevole');
    expect(win.body).toMatchObject({ wins: true, quine: true, lastBallOnCarton: true });
    expect(win.body.message).toBe(`Carton ${carton.code} : quine valide, la dernière boule est sur le carton.`);
    // The win is announced once (bingo.won, for the association's tools), however often it is checked.
    expect((await call('POST', `${caller}/check`, { carton: carton.code }, 'benevole')).body).toMatchObject({ wins: true });
    const announced = await db('outbox')
      .where({ type: 'bingo.won' })
      .whereRaw("envelope->'payload'->>'bingoId' = ?", [String(id)]);
    expect(announced.map((row: { envelope: { payload: unknown } }) => row.envelope.payload)).toEqual([
      expect.objectContaining({ bingoId: id, partie: 1, kind: 'quine', carton: carton.code, ballsDrawn: 5, lastBall: firstRow[4] }),
    ]);
    expect(
      (await call('POST', `${caller}/check`, { carton: `${carton.number}-${(checkDigit(carton.number) + 1) % 10}` }, 'benevole')).body.code,
    ).toBe('CARTON_CHECK_DIGIT');
    expect((await call('POST', `${caller}/check`, { carton: '999' }, 'benevole')).status).toBe(404);

    const paused = await call<Board>('POST', `${caller}/pause`, { paused: true }, 'benevole');
    expect(paused.body.paused).toBe(true);
    expect((await call('POST', `${caller}/balls`, { draw: true }, 'benevole')).body.code).toBe('GAME_PAUSED');
    await call('POST', `${caller}/pause`, { paused: false }, 'benevole');
    const drawn = await call<Board>('POST', `${caller}/balls`, { draw: true }, 'benevole');
    expect(drawn.body.drawn).toHaveLength(6);
    const undone = await call<Board>('POST', `${caller}/undo`, undefined, 'benevole');
    expect(undone.body.drawn).toEqual(firstRow);
    expect(undone.body.lastNumber).toBe(firstRow[4]);

    const board = await call<Board>('GET', `/api/public/bingo/${id}/tableau`, undefined, 'none');
    expect(board.body).toMatchObject({
      drawn: firstRow,
      partie: { number: 1, kind: 'quine', kindLabel: 'Quine', prizes: [{ label: 'Jambon' }] },
      partiesCount: 2,
    });

    const next = await call<Board>('POST', `${caller}/next-partie`, { keepBalls: true }, 'benevole');
    expect(next.body).toMatchObject({ drawn: firstRow, partie: { number: 2, kind: 'carton_plein' } });
    expect((await call('POST', `${caller}/check`, { carton: carton.code }, 'benevole')).body).toMatchObject({ quine: true, wins: false });
    expect((await call('POST', `${caller}/next-partie`, {}, 'benevole')).body.code).toBe('NO_NEXT_PARTIE');

    const other = (await call<{ cartons: CartonShape[] }>('GET', `/admin-bingo/api/bingo/${id}/cartons`)).body.cartons[1]!;
    const tie = await call('POST', `${caller}/tie-break`, { cartons: [carton.code, other.code] }, 'benevole');
    expect(tie.body.draws).toHaveLength(2);
    expect([carton.code, other.code]).toContain(tie.body.winner);
  });

  it('keeps the caller console to admins and the volunteers the night names', async () => {
    const id = await newNight();
    const refused = await call('POST', `/api/volunteer/bingo/${id}/caller/balls`, { number: 5 }, 'benevole');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_A_CALLER');
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 5 }, 'caissier')).status).toBe(403);
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 5 }, 'none')).status).toBe(401);
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 91 })).status).toBe(400);
    // A field the body does not know is named and refused, not ignored: no ball is called.
    expect(await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 5, numero: 5 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', error: "Le champ « numero » n'est pas autorisé." },
    });
    expect((await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 5 })).status).toBe(201);
    const named = await newNight({ callers: ['benevole@kermesse.local'] });
    const nights = await call<{ id: number; canCall: boolean }[]>('GET', '/api/volunteer/bingos', undefined, 'benevole');
    expect(nights.body.find((n) => n.id === id)?.canCall).toBe(false);
    expect(nights.body.find((n) => n.id === named)?.canCall).toBe(true);
  });

  it('streams the board to a projector: the current state on connecting, then each ball', async () => {
    const id = await newNight();
    await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 17 });
    const controller = new AbortController();
    const res = await fetch(`${base}/api/public/bingo/${id}/tableau/stream`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextBoard = async (): Promise<Board> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(chunk);
          if (data) return JSON.parse(data[1]!) as Board;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    expect((await nextBoard()).drawn).toEqual([17]);
    await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 42 });
    const after = await nextBoard();
    expect(after).toMatchObject({ lastNumber: 42, drawn: [17, 42] });
    controller.abort();
    expect((await fetch(`${base}/api/public/bingo/99999/tableau`)).status).toBe(404);
  });
});

describe('a restart or a second replica', () => {
  it("shows the same night from Postgres, and its projectors see the other replica's balls", async () => {
    const id = await newNight();
    await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 8 });
    const replica = await listen(await buildApp({ db, logger, verifier }), 0);
    try {
      const other = `http://127.0.0.1:${replica.port}`;
      expect(await (await fetch(`${other}/api/public/bingo/${id}/tableau`)).json()).toMatchObject({ drawn: [8], lastNumber: 8 });
      const controller = new AbortController();
      const res = await fetch(`${other}/api/public/bingo/${id}/tableau/stream`, { signal: controller.signal });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('"lastNumber":8')) text += decoder.decode((await reader.read()).value, { stream: true });
      // The ball goes to the first replica; the stream on the second one sees it by its recheck.
      await call('POST', `/admin-bingo/api/bingo/${id}/caller/balls`, { number: 81 });
      while (!text.includes('"lastNumber":81')) text += decoder.decode((await reader.read()).value, { stream: true });
      controller.abort();
    } finally {
      await replica.close();
    }
    const group = await call('POST', `/admin-bingo/api/bingo/${id}/reserve-group`, {
      name: 'X',
      seats: [
        { tableId: 1, seatId: 1 },
        { tableId: 1, seatId: 1 },
      ],
    });
    expect(group.status).toBe(400);
    expect(group.body.message).toBe('Le champ « seats » cite deux fois le même siège.');
  });
});
