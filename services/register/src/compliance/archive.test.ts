/**
 * Archivage (docs/compliance/conditions.md §3): an archive produced on demand holds the period's
 * journal records, closings and event log with a signed manifest; `npm run journal:verify-archive`
 * checks it offline with the key published at /api/public/till/public-key, and one byte changed in it
 * makes the check fail naming the file.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';
import { localDay } from './periods.ts';
import { readArchiveFiles } from './archive.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
let h: RegisterHarness;
let dir: string;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Kermesse archivée' });
  await h.createProducts([{ name: 'Barbe à papa', price: 2.5, category: 'Friandises' }]);
  dir = mkdtempSync(path.join(tmpdir(), 'register-archive-'));
});

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const verifyCli = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('npm', ['run', '--silent', 'journal:verify-archive', '--', ...args], { cwd: REPO_ROOT }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });

describe('a signed archive checked offline', () => {
  it('verifies with the published key, then fails naming the file once one byte is changed', async () => {
    for (let i = 0; i < 3; i += 1) {
      const sale = await h.request('POST', '/api/cr/sale/create', {
        body: {
          sale: {
            checkoutId: h.checkoutId,
            eventId: h.eventId,
            cart: [{ product: { id: h.madeProduct('Barbe à papa') }, quantity: 1 + i }],
            paymentMode: 2,
            payments: [],
          },
        },
      });
      expect(sale.status, sale.text).toBe(201);
    }
    // The public key, without any token.
    const published = await h.request('GET', '/api/public/till/public-key', { who: null });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ algorithm: 'Ed25519', keyId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(published.body.publicKey).toContain('BEGIN PUBLIC KEY');
    const keyFile = path.join(dir, 'cle.pem');
    writeFileSync(keyFile, published.body.publicKey);

    const today = localDay(new Date());
    expect(
      await h.request('POST', '/api/admin/compliance/archives', { who: 'admin', body: { from: today, to: '2020-01-01' } }),
    ).toMatchObject({ status: 400, body: { code: 'ARCHIVE_PERIOD' } });
    expect(
      await h.request('POST', '/api/admin/compliance/archives', { who: 'admin', body: { from: '2025-02-30', to: '2025-03-01' } }),
    ).toMatchObject({
      status: 400,
      body: { error: "La période de l'archive est invalide : donnez deux dates (AAAA-MM-JJ), la première ne suivant pas la seconde." },
    });
    expect((await h.request('POST', '/api/admin/compliance/archives', { body: { from: today, to: today } })).status).toBe(403);
    const made = await h.request('POST', '/api/admin/compliance/archives', { who: 'admin', body: { from: today, to: today } });
    expect(made.status, made.text).toBe(201);
    const download = await fetch(`${h.base}${made.body.archive.url}`, { headers: { authorization: `Bearer ${h.tokens.admin}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="kermesse-archive-${today}_${today}.tar"`);
    const bytes = Buffer.from(await download.arrayBuffer());
    const files = await readArchiveFiles(bytes);
    expect([...files.keys()].sort()).toEqual(
      ['LISEZMOI.txt', 'closings.jsonl', 'event-log.jsonl', 'journal.jsonl', 'manifest.json', 'manifest.sig', 'public-key.pem'].sort(),
    );
    const journalLines = files
      .get('journal.jsonl')!
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const journalCount = Number((await h.db('journal').count<{ n: string }[]>({ n: '*' }))[0]!.n);
    expect(journalLines).toHaveLength(journalCount);
    const salesToday = await h.db('journal').where({ kind: 'sale' }).count<{ n: string }[]>({ n: '*' });
    expect(journalLines.filter((l) => l.kind === 'sale')).toHaveLength(Number(salesToday[0]!.n));
    expect(Number(salesToday[0]!.n)).toBeGreaterThanOrEqual(3);

    const file = path.join(dir, 'archive.tar');
    writeFileSync(file, bytes);
    const ok = await verifyCli(file, '--cle-publique', keyFile);
    expect(ok.code, ok.stderr + ok.stdout).toBe(0);
    expect(ok.stdout).toContain(
      `Archive intacte (du ${today} au ${today}) : 7 fichiers, signature vérifiée avec la clé ${published.body.keyId} donnée.`,
    );

    // One byte changed inside the journal: a sale of 2,50 € becomes 3,50 €.
    const altered = Buffer.from(readFileSync(file));
    // (the payload is JSON text inside a JSON line: its quotes are escaped)
    const marker = Buffer.from('totalCents\\":250');
    const at = altered.indexOf(marker);
    expect(at).toBeGreaterThan(0);
    altered[at + marker.length - 3] = '3'.charCodeAt(0);
    writeFileSync(file, altered);
    const broken = await verifyCli(file, '--cle-publique', keyFile);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('- journal.jsonl : empreinte SHA-256 différente de celle du manifeste (fichier modifié).');

    // The server's own check of the stored archive is logged, for the compliance page.
    const checked = await h.request('POST', `/api/admin/compliance/archives/${made.body.archive.id}/verify`, { who: 'admin' });
    expect(checked.body).toMatchObject({ ok: true, problems: [], files: 7, keyId: published.body.keyId });
    const status = await h.request('GET', '/api/admin/compliance', { who: 'admin' });
    expect(status.body).toMatchObject({
      publicKey: { keyId: published.body.keyId },
      lastArchiveCheck: { ok: true, summary: `Archive kermesse-archive-${today}_${today}.tar vérifiée : intacte.` },
      archives: 1,
      eventLog: { ok: true },
    });
  });

  it('names a manifest signed by another key', async () => {
    const list = await h.request('GET', '/api/admin/compliance/archives', { who: 'admin' });
    const download = await fetch(`${h.base}${list.body.archives[0].url}`, { headers: { authorization: `Bearer ${h.tokens.admin}` } });
    const file = path.join(dir, 'autre.tar');
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const otherFile = path.join(dir, 'autre.pem');
    writeFileSync(otherFile, other);
    const result = await verifyCli(file, '--cle-publique', otherFile);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('manifest.json : la signature ne correspond pas');
    expect(result.stdout).toContain('public-key.pem : la clé jointe à l’archive n’est pas la clé publique donnée.');
  });
});
