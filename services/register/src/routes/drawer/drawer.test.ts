/**
 * « Ouvrir le tiroir » on real Postgres: refused in French to a cashier without the till manager's
 * right (nothing logged), logged with who and when for a till manager and an administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterHarness, type RegisterHarness } from '../../testing/harness.ts';

let h: RegisterHarness;
let cashierId: string;

beforeAll(async () => {
  h = await startRegisterHarness();
  cashierId = JSON.parse(Buffer.from(h.tokens.caissier.split('.')[1]!, 'base64url').toString()).sub;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const open = (who: 'caissier' | 'admin' | 'benevole', checkoutId = h.checkoutId) =>
  h.request('POST', `/api/cr/checkouts/${checkoutId}/drawer/open`, { who });

describe('« Ouvrir le tiroir »', () => {
  it('is refused to a cashier without the till manager’s right, and logs nothing', async () => {
    expect(await open('caissier')).toMatchObject({
      status: 403,
      body: {
        error: 'Seul un administrateur ou un responsable de caisse peut ouvrir le tiroir en dehors d’une vente.',
        code: 'DRAWER_FORBIDDEN',
      },
    });
    expect((await open('benevole')).status).toBe(403);
    expect(await h.db('drawer_openings').where({ checkout_id: h.checkoutId })).toEqual([]);
  });

  it('is logged with who and when for a till manager, then for an administrator', async () => {
    expect((await h.request('PUT', `/api/admin/till-managers/${cashierId}`, { who: 'admin' })).status).toBe(200);
    const before = Date.now();
    const first = await open('caissier');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ checkoutId: h.checkoutId, openedBy: cashierId });
    expect(first.body.openedByEmail).toContain('@');
    expect(new Date(first.body.openedAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect((await open('admin')).status).toBe(201);

    const log = await h.request('GET', `/api/cr/checkouts/${h.checkoutId}/drawer/openings`, { who: 'caissier' });
    expect(log.status).toBe(200);
    expect(log.body.openings.map((opening: { openedBy: string }) => opening.openedBy)).toEqual([expect.any(String), cashierId]);
    expect(log.body.openings[0].openedBy).not.toBe(cashierId);
  });

  it('answers 404 in French for a register that does not exist, and 400 for an id out of range', async () => {
    expect(await open('admin', 2_000_000_000)).toMatchObject({
      status: 404,
      body: { error: 'Caisse introuvable.', code: 'CHECKOUT_NOT_FOUND' },
    });
    expect((await h.request('POST', '/api/cr/checkouts/3000000000/drawer/open', { who: 'admin' })).status).toBe(400);
  });
});
