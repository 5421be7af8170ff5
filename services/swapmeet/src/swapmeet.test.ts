import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, cutMultipartUpload, testTokens, testTokenVerifier, type TestDatabase } from '@kermesse/kit/testing';
import type { BookingsAnswer } from '@kermesse/contracts-swapmeet';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { createSwapmeet, type NewBooking } from './commands/createSwapmeet.ts';

const logger = createLogger('test', 'error');
const SAMPLE = readFileSync(new URL('../samples/vide-grenier-exemple.csv', import.meta.url));
let database: TestDatabase;
let db: Db;
let service: RunningServer;
let base: string;
let threeId: number;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  // The kit's test signer: no identity service to boot.
  service = await listen(await buildApp({ db, logger, verifier: testTokenVerifier() }), 0);
  base = `http://127.0.0.1:${service.port}`;
  tokens = await testTokens();
  // The swap-meet most tests read and import into: three bookings taken (THREE).
  threeId = await givenSwapmeet();
});

afterAll(async () => {
  await service?.close();
  await db?.destroy();
  await database?.drop();
});

const call = (path: string, init: RequestInit = {}, who = 'admin') =>
  fetch(base + path, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${tokens[who]}` } });

function upload(
  content: Uint8Array | string,
  { dryRun = true, swapmeetId = threeId as number | string | null, name = 'reservations.csv', type = 'text/csv', format = 'custom' } = {},
) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([Uint8Array.from(typeof content === 'string' ? new TextEncoder().encode(content) : content)], { type }),
    name,
  );
  form.append('format', format);
  if (swapmeetId !== null) form.append('swapmeet_id', String(swapmeetId));
  return call(`/api/swapmeet/api/import/custom-csv?dry-run=${dryRun}`, { method: 'POST', body: form });
}

const bookings = async (limit = 100, swapmeetId = threeId) =>
  (await call(`/api/swapmeet/api/bookings?swapmeet_id=${swapmeetId}&limit=${limit}`)).json() as Promise<BookingsAnswer>;

/** Three bookings already taken: 65.00 €, 13 m, 2 paid and 1 unpaid. */
const THREE: NewBooking[] = [
  { name: 'Martine Lefèvre', phone: '0611223344', space_cm: 300, revenue_cents: 1500, is_payed: true, date_booking: '2026-03-02' },
  { name: 'Karim Benali', phone: '0698765432', space_cm: 400, revenue_cents: 2000, is_payed: true, date_booking: '2026-03-05' },
  {
    name: 'Association Les P’tits Loups',
    phone: '0478123456',
    space_cm: 600,
    revenue_cents: 3000,
    is_payed: false,
    date_booking: '2026-03-09',
  },
];
let made = 0;
/** A swap-meet of the test's own (nothing shared with another test), with three bookings by default. */
async function givenSwapmeet(bookings: NewBooking[] = THREE): Promise<number> {
  made += 1;
  return (await createSwapmeet(db, { name: `Vide-grenier de test n°${made}`, heldOn: '2026-06-14', bookings })).id;
}

describe('swap-meet bookings', () => {
  it("lists a swap-meet's bookings with the summary of docs/spec.md §3", async () => {
    const body = await bookings();
    expect(body.total).toBe(3);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Martine Lefèvre',
      phone: '0611223344',
      space_needed: 3,
      revenue: '15.00',
      is_payed: true,
      date_booking: expect.stringMatching(/-03-02$/),
    });
    expect(body.summary).toEqual({ total_revenue: '65.00', total_space_reserved: 13, paid_bookings: 2, unpaid_bookings: 1 });
    const list = (await (await call('/api/swapmeet/api/swapmeets')).json()) as {
      data: { id: number; name: string; bookings_count: number }[];
    };
    expect(list.data.filter((s) => s.id === threeId)).toEqual([
      { id: threeId, name: expect.stringMatching(/^Vide-grenier de test/), held_on: expect.any(String), bookings_count: 3 },
    ]);
  });

  it('keeps swap-meets to admins and asks for an id', async () => {
    expect((await call(`/api/swapmeet/api/bookings?swapmeet_id=${threeId}`, {}, 'caissier')).status).toBe(403);
    const missing = await call('/api/swapmeet/api/bookings?limit=100');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Identifiant du vide-grenier introuvable', code: 'NO_SWAPMEET' });
    expect(await (await call('/api/swapmeet/api/bookings?swapmeet_id=')).json()).toEqual({
      error: 'Identifiant du vide-grenier introuvable',
      code: 'NO_SWAPMEET',
    });
    const unknown = await call('/api/swapmeet/api/bookings?swapmeet_id=9999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Vide-grenier introuvable.', code: 'SWAPMEET_NOT_FOUND' });
  });

  it('dry-runs the sample file: status dry-run, parsed bookings and their summary, nothing written', async () => {
    const swapmeetId = await givenSwapmeet();
    const res = await upload(SAMPLE, { swapmeetId });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      status: string;
      message: string;
      bookings_parsed: number;
      bookings_created: number;
      data: unknown[];
      errors: string[];
      summary: unknown;
    };
    expect(body).toMatchObject({
      status: 'dry-run',
      message: 'Test réussi : 8 réservations prêtes à être importées.',
      bookings_parsed: 8,
      bookings_created: 0,
      errors: [],
      summary: { total_revenue: '150.00', total_space_reserved: 30, paid_bookings: 5, unpaid_bookings: 3 },
    });
    expect(body.data[0]).toEqual({
      id: null,
      name: 'Jeanne Moreau',
      phone: '0612345678',
      space_needed: 2.5,
      revenue: '12.50',
      is_payed: true,
      date_booking: '2026-03-12',
    });
    expect((await bookings(100, swapmeetId)).total).toBe(3);
  });

  it('imports for real in one transaction, then refuses the same file again line by line', async () => {
    const swapmeetId = await givenSwapmeet();
    const res = await upload(SAMPLE, { dryRun: false, swapmeetId });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'success',
      message: '8 réservations importées.',
      bookings_parsed: 8,
      bookings_created: 8,
    });
    const after = await bookings(100, swapmeetId);
    expect(after.total).toBe(11);
    expect(after.summary).toEqual({ total_revenue: '215.00', total_space_reserved: 43, paid_bookings: 7, unpaid_bookings: 4 });
    const again = await upload(SAMPLE, { dryRun: false, swapmeetId });
    expect(again.status).toBe(422);
    const body = (await again.json()) as { status: string; errors: string[]; error: string };
    expect(body.status).toBe('error');
    expect(body.errors).toHaveLength(8);
    expect(body.errors[0]).toBe('Ligne 2 : la réservation de « Jeanne Moreau » du 12/03/2026 est déjà enregistrée.');
    expect(body).toMatchObject({ code: 'IMPORT_REJECTED' });
    expect(body.error).toBe("8 erreurs dans le fichier : corrigez-le puis relancez le test. Aucune réservation n'a été importée.");
    expect((await bookings(100, swapmeetId)).total).toBe(11);
  });

  it('shows at most `limit` bookings (the spec: 100) while the summary covers them all', async () => {
    const swapmeetId = await givenSwapmeet();
    expect((await upload(SAMPLE, { dryRun: false, swapmeetId })).status).toBe(200);
    const body = await bookings(5, swapmeetId);
    expect(body.data).toHaveLength(5);
    expect(body.total).toBe(11);
    expect(body.summary.paid_bookings + body.summary.unpaid_bookings).toBe(11);
  });

  it('changes nothing for a malformed, mis-encoded or injected file, in a dry run or for real', async () => {
    const swapmeetId = await givenSwapmeet();
    const cases: [string | Uint8Array, string[]][] = [
      [
        'nom;metres;montant;date_reservation\nAlice;2;10;01/03/2026\nBob;deux;10;01/03/2026\n',
        ["Ligne 3 : l'espace « deux » doit être un nombre de mètres supérieur à 0 (ex. 2,5)."],
      ],
      [
        Uint8Array.from([
          ...new TextEncoder().encode('nom;metres;montant;date_reservation\nAlice;2;10;01/03/2026\nB'),
          0x8f,
          0x3b,
          0x32,
          0x3b,
          0x31,
          0x30,
          0x3b,
          0x30,
          0x31,
          0x2f,
          0x30,
          0x33,
          0x2f,
          0x32,
          0x30,
          0x32,
          0x36,
          0x0a,
        ]),
        ['Ligne 3 : caractères illisibles — enregistrez le fichier au format CSV (UTF-8 ou Windows-1252).'],
      ],
      [
        'nom;metres;montant;date_reservation\n@SOMME(A1);2;10;01/03/2026\n',
        ['Ligne 2 : la cellule « nom » commence par « @ » (« @SOMME(A1) ») : les formules ne sont pas acceptées.'],
      ],
    ];
    for (const [content, errors] of cases) {
      const dry = await upload(content, { swapmeetId });
      expect(await dry.json()).toMatchObject({ status: 'error', errors, bookings_created: 0 });
      const real = await upload(content, { dryRun: false, swapmeetId });
      expect(real.status).toBe(422);
      expect(await real.json()).toMatchObject({ status: 'error', errors, code: 'IMPORT_REJECTED' });
    }
    expect((await bookings(100, swapmeetId)).total).toBe(3);
  });

  it("answers the spec's messages without a file, a swap-meet or a CSV file, and a Windows-1252 file is fine", async () => {
    const noFile = new FormData();
    noFile.append('format', 'custom');
    noFile.append('swapmeet_id', String(threeId));
    const none = await call('/api/swapmeet/api/import/custom-csv?dry-run=true', { method: 'POST', body: noFile });
    expect(await none.json()).toEqual({ error: 'Veuillez sélectionner un fichier CSV', code: 'NO_FILE' });
    expect(await (await upload('x', { swapmeetId: null })).json()).toEqual({
      error: 'Identifiant du vide-grenier introuvable',
      code: 'NO_SWAPMEET',
    });
    expect(await (await upload('x', { name: 'photo.png', type: 'image/png' })).json()).toEqual({
      error: 'Veuillez sélectionner un fichier CSV valide',
      code: 'NOT_CSV',
    });
    expect(await (await upload(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d]))).json()).toEqual({
      error: 'Veuillez sélectionner un fichier CSV valide',
      code: 'NOT_CSV',
    });
    const helloasso = await upload('x', { format: 'helloasso' });
    expect(helloasso.status).toBe(400);
    expect(await helloasso.json()).toEqual({
      error: "Format d'import inconnu : seul le format « custom » est accepté.",
      code: 'UNKNOWN_FORMAT',
    });
    const cp1252 = Uint8Array.from(
      [...'nom;metres;montant;paye;date_reservation\r\nH\xE9l\xE8ne;2,5;12,50;oui;01/03/2026\r\n'].map((c) => c.charCodeAt(0)),
    );
    expect(await (await upload(cp1252)).json()).toMatchObject({
      status: 'dry-run',
      data: [{ name: 'Hélène', space_needed: 2.5, revenue: '12.50' }],
    });
  });

  it('resets every booking of the swap-meet', async () => {
    const swapmeetId = await givenSwapmeet();
    const res = await call(`/api/swapmeet/api/reset-bookings/${swapmeetId}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', message: '3 réservations supprimées.' });
    expect(await bookings(100, swapmeetId)).toMatchObject({
      data: [],
      total: 0,
      summary: { total_revenue: '0.00', total_space_reserved: 0, paid_bookings: 0, unpaid_bookings: 0 },
    });
    expect(await (await call(`/api/swapmeet/api/reset-bookings/${swapmeetId}`, { method: 'DELETE' })).json()).toEqual({
      status: 'success',
      message: 'Aucune réservation à supprimer.',
    });
    const one = await givenSwapmeet(THREE.slice(0, 1));
    expect(await (await call(`/api/swapmeet/api/reset-bookings/${one}`, { method: 'DELETE' })).json()).toEqual({
      status: 'success',
      message: '1 réservation supprimée.',
    });
    expect((await bookings(100, threeId)).total).toBe(3);
    expect((await call('/api/swapmeet/api/reset-bookings/9999', { method: 'DELETE' })).status).toBe(404);
  });

  it('creates a swap-meet', async () => {
    const res = await call('/api/swapmeet/api/swapmeets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: "Vide-grenier d'automne", held_on: '2026-10-04' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      data: { id: expect.any(Number), name: "Vide-grenier d'automne", held_on: '2026-10-04', bookings_count: 0 },
    });
    const bad = await call('/api/swapmeet/api/swapmeets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '' }),
    });
    expect(await bad.json()).toMatchObject({ error: 'Le champ « name » ne doit pas être vide.' });
    const blank = await call('/api/swapmeet/api/swapmeets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '   ' }),
    });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: 'Le champ « name » ne doit pas être vide.', code: 'NAME_REQUIRED' });
  });
});

describe('a cut upload', () => {
  it('answers 400 in French to a booking file cut before its closing boundary, writes nothing and keeps serving', async () => {
    const countBefore = (await db('bookings').count<{ count: number }[]>('* as count'))[0]!.count;
    const res = await call('/api/swapmeet/api/import/custom-csv?dry-run=false', cutMultipartUpload('reservations.csv', 'nom;telephone'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("Envoi du fichier interrompu ou mal formé : réessayez l'import.");
    expect((await db('bookings').count<{ count: number }[]>('* as count'))[0]!.count).toBe(countBefore);
    expect((await call(`/api/swapmeet/api/bookings?swapmeet_id=${threeId}&limit=1`)).status).toBe(200);
  });
});
