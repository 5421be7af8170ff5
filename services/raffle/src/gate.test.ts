/**
 * Pre-sold tickets at the gate, on real Postgres (docs/gate.md): the back office issues a pass with a
 * signed code; a volunteer's check lets a valid one in once, says « déjà utilisé » with the first
 * use, refuses a forged or unknown code and one of another event; an offline phone's scans synced
 * later count once, even sent twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importGatePublicKey,
  parseGateCode,
  toBase64Url,
  verifyGateSignature,
  type GateCheckResult,
  type GateList,
  type IssuedGatePass,
} from '@kermesse/contracts-raffle';
import { upsertEvent } from './repositories/events.ts';
import { json, startTestbed, type Testbed } from './testSupport.ts';

let tb: Testbed;

beforeAll(async () => {
  tb = await startTestbed({ eventId: 7 });
  await upsertEvent(tb.db, { id: 8, name: 'Loto de printemps', startsOn: '2026-06-20' });
});

afterAll(async () => {
  await tb?.close();
});

async function issue(holder: string, eventId = 7, extra: Record<string, unknown> = {}): Promise<IssuedGatePass> {
  const res = await tb.call('POST', '/api/admin/gate/passes', { as: 'admin', body: { eventId, holder, ...extra } });
  expect(res.status).toBe(201);
  return json<IssuedGatePass>(res);
}

async function check(code: string, device = 'Téléphone de Léa', eventId = 7): Promise<GateCheckResult> {
  const res = await tb.call('POST', '/api/volunteer/gate/check', {
    as: 'benevole',
    body: { eventId, code, device, scanId: randomUUID() },
  });
  expect(res.status).toBe(200);
  return json<GateCheckResult>(res);
}

describe('issuing a pre-sold ticket', () => {
  it('gives a code signed with the key the gate phones load', async () => {
    const pass = await issue('Famille Durand', 7, { label: 'Entrée + repas', quantity: 4 });
    expect(pass).toMatchObject({ holder: 'Famille Durand', label: 'Entrée + repas', quantity: 4, usedAt: null });

    const list = await json<GateList>(await tb.call('GET', '/api/volunteer/gate/events/7/list', { as: 'benevole' }));
    expect(list.event.name).toBe('Kermesse des tests');
    expect(list.passes.map((p) => p.holder)).toContain('Famille Durand');
    const parsed = parseGateCode(pass.code)!;
    expect(parsed.payload).toEqual({ a: list.associationId, e: 7, p: pass.id });
    // What the phone does offline: the public key alone verifies it.
    expect(await verifyGateSignature(parsed, await importGatePublicKey(list.publicKey))).toBe(true);
  });

  it('refuses a pass without a holder or for an unknown event, in French, and issues nothing', async () => {
    const empty = await tb.call('POST', '/api/admin/gate/passes', { as: 'admin', body: { eventId: 7, holder: '' } });
    expect(empty.status).toBe(400);
    expect((await json<{ error: string }>(empty)).error).toMatch(/holder/);
    const unknown = await tb.call('POST', '/api/admin/gate/passes', { as: 'admin', body: { eventId: 99, holder: 'Martin' } });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' });
    const { items: passes } = await json<{ items: IssuedGatePass[] }>(
      await tb.call('GET', '/api/admin/gate/events/7/passes', { as: 'admin' }),
    );
    expect(passes.map((p) => p.holder)).not.toContain('Martin');
  });

  it('is the administrator’s: a volunteer may check but not issue', async () => {
    const res = await tb.call('POST', '/api/admin/gate/passes', { as: 'benevole', body: { eventId: 7, holder: 'Intrus' } });
    expect(res.status).toBe(403);
  });
});

describe('checking at the gate', () => {
  it('lets a valid ticket in once, then says when and by which phone it was used', async () => {
    const pass = await issue('Camille Martin');
    const first = await check(pass.code, 'Téléphone de Léa');
    expect(first.outcome).toBe('valid');
    expect(first.pass).toMatchObject({ holder: 'Camille Martin', usedDevice: 'Téléphone de Léa', usedBy: 'benevole@kermesse.local' });

    const second = await check(pass.code, 'Tablette du portail');
    expect(second.outcome).toBe('used');
    expect(second.firstUse).toEqual({ at: first.pass!.usedAt, device: 'Téléphone de Léa', by: 'benevole@kermesse.local' });

    const listed = await json<GateList>(await tb.call('GET', '/api/volunteer/gate/events/7/list', { as: 'benevole' }));
    expect(listed.passes.find((p) => p.id === pass.id)?.usedAt).toBe(first.pass!.usedAt);
  });

  it('refuses a forged code: a changed pass id or another key’s signature', async () => {
    const pass = await issue('Paul Petit');
    const parsed = parseGateCode(pass.code)!;
    const otherPass = { ...parsed.payload, p: randomUUID() };
    const tampered = `KRM1.${toBase64Url(new TextEncoder().encode(JSON.stringify(otherPass)))}.${pass.code.split('.')[2]}`;
    expect(await check(tampered)).toMatchObject({ outcome: 'unknown', pass: null });

    const forger = await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
    const signature = await crypto.subtle.sign(
      { name: 'Ed25519' },
      (forger as CryptoKeyPair).privateKey,
      new TextEncoder().encode(parsed.signedPart),
    );
    expect(await check(`${parsed.signedPart}.${toBase64Url(new Uint8Array(signature))}`)).toMatchObject({ outcome: 'unknown' });
    expect(await check('3017620422003')).toMatchObject({ outcome: 'unknown' });

    // The genuine code still works: the forgeries did not use it up.
    expect((await check(pass.code)).outcome).toBe('valid');
  });

  it('tells a ticket of another event apart, and leaves it unused', async () => {
    const pass = await issue('Inès Roux', 8);
    expect(await check(pass.code, 'Téléphone de Léa', 7)).toMatchObject({ outcome: 'wrong-event', pass: { holder: 'Inès Roux' } });
    expect((await check(pass.code, 'Téléphone de Léa', 8)).outcome).toBe('valid');
  });

  it('answers 400 in French for a check without a phone name', async () => {
    const res = await tb.call('POST', '/api/volunteer/gate/check', {
      as: 'benevole',
      body: { eventId: 7, code: 'x', device: '', scanId: randomUUID() },
    });
    expect(res.status).toBe(400);
    expect((await json<{ code: string }>(res)).code).toBe('VALIDATION');
  });
});

describe('phones that scanned offline', () => {
  it('count a ticket scanned by two phones once: the first scan lets in, the other is a double', async () => {
    const pass = await issue('Lucas Bernard');
    const early = { scanId: randomUUID(), code: pass.code, scannedAt: '2026-05-16T12:32:00.000Z', device: 'Téléphone de Léa' };
    const late = { scanId: randomUUID(), code: pass.code, scannedAt: '2026-05-16T12:40:00.000Z', device: 'Téléphone de Hugo' };

    const hugo = await tb.call('POST', '/api/volunteer/gate/sync', { as: 'benevole', body: { eventId: 7, scans: [late, early] } });
    expect(hugo.status).toBe(200);
    const { results } = await json<{ results: GateCheckResult[] }>(hugo);
    expect(results.map((r) => [r.scanId, r.outcome])).toEqual([
      [late.scanId, 'used'],
      [early.scanId, 'valid'],
    ]);
    expect(results[0]!.firstUse).toMatchObject({ at: '2026-05-16T12:32:00.000Z', device: 'Téléphone de Léa' });

    // The same sync sent again (its answer was lost): same answers, nothing counted twice.
    const again = await json<{ results: GateCheckResult[] }>(
      await tb.call('POST', '/api/volunteer/gate/sync', { as: 'benevole', body: { eventId: 7, scans: [early, late] } }),
    );
    expect(again.results.map((r) => r.outcome)).toEqual(['valid', 'used']);
    const scans = await tb.db('gate_scans').where({ pass_id: pass.id }).count<{ count: string }[]>('* as count');
    expect(Number(scans[0]!.count)).toBe(2);
  });
});

describe('a ticket sold on HelloAsso, imported', () => {
  it('becomes one ticket however often the import sends it, and is checked like the others', async () => {
    const body = { eventId: 7, holder: 'Léa Dubois', label: 'Repas adulte', source: 'helloasso', sourceId: '98765' };
    const first = await tb.call('POST', '/internal/gate/passes', { as: 'tresorier', body });
    expect(first.status).toBe(200);
    const imported = await json<{ created: boolean; pass: IssuedGatePass }>(first);
    expect(imported).toMatchObject({ created: true, pass: { holder: 'Léa Dubois', label: 'Repas adulte', quantity: 1 } });

    const again = await json<{ created: boolean; pass: IssuedGatePass }>(
      await tb.call('POST', '/internal/gate/passes', { as: 'tresorier', body: { ...body, holder: 'Léa D.' } }),
    );
    expect(again).toMatchObject({ created: false, pass: { id: imported.pass.id, holder: 'Léa Dubois' } });
    const { items: passes } = await json<{ items: IssuedGatePass[] }>(
      await tb.call('GET', '/api/admin/gate/events/7/passes', { as: 'admin' }),
    );
    expect(passes.filter((p) => p.holder === 'Léa Dubois')).toHaveLength(1);

    expect((await check(imported.pass.code)).outcome).toBe('valid');
  });

  it('refuses an import without its id there, in French, and a volunteer’s', async () => {
    const missing = await tb.call('POST', '/internal/gate/passes', {
      as: 'tresorier',
      body: { eventId: 7, holder: 'Sans id', source: 'helloasso' },
    });
    expect(missing.status).toBe(400);
    expect((await json<{ error: string }>(missing)).error).toMatch(/sourceId/);
    const volunteer = await tb.call('POST', '/internal/gate/passes', {
      as: 'benevole',
      body: { eventId: 7, holder: 'Intrus', source: 'helloasso', sourceId: '1' },
    });
    expect(volunteer.status).toBe(403);
  });
});
