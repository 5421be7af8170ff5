/**
 * Memberships on real Postgres (docs/memberships.md): types per year, joining with consent and its
 * entry to 756, once per retried request, renewal from last year, the CSV list, and a person's data
 * exported then erased while the accounts keep the amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFec, type Member, type MemberList, type MembershipType, type PersonExport } from '@kermesse/contracts-accounting';
import { startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
const A = '/api/admin/accountancy';

beforeAll(async () => {
  sys = await startAccountingTestSystem({ app: true, consumers: false });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  sys.request(`${A}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const list = async (year: number) => (await (await sys.request(`${A}/members?year=${year}`)).json()) as MemberList;
async function newType(body: Record<string, unknown>): Promise<MembershipType> {
  const res = await send('POST', '/membership-types', body);
  expect(res.status).toBe(201);
  return ((await res.json()) as { type: MembershipType }).type;
}
const MARTIN = {
  lastName: 'Martin',
  firstName: 'Camille',
  email: 'camille.martin@example.org',
  phone: '06 12 34 56 78',
  address: '4 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  children: [
    { firstName: 'Léo', className: 'CE1' },
    { firstName: 'Zoé', className: 'Moyenne section' },
  ],
  method: 'CHQ',
  paidOn: '2025-09-15',
  consent: true,
};

describe('memberships', () => {
  let family2025: MembershipType;
  let family2026: MembershipType;
  let camille: Member;

  it('offers types per year, per family or per person, priced or at a free amount', async () => {
    family2025 = await newType({ year: 2025, name: 'Famille', scope: 'family', price: '15,00' });
    await newType({ year: 2025, name: 'Soutien', scope: 'person', price: null });
    const again = await send('POST', '/membership-types', { year: 2025, name: 'Famille', scope: 'family', price: '12' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("Le type d'adhésion « Famille » existe déjà pour 2025.");
    family2026 = await newType({ year: 2026, name: 'Famille', scope: 'family', price: 16 });
    expect((await list(2025)).types.map((t) => [t.name, t.scope, t.price])).toEqual([
      ['Famille', 'family', 15],
      ['Soutien', 'person', null],
    ]);
  });

  it('records a member only with their consent, once per request, and books the fee to 756', async () => {
    const refused = await send('POST', '/members', { ...MARTIN, typeId: family2025.id, consent: false });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('MEMBER_CONSENT_REQUIRED');

    const key = { 'Idempotency-Key': 'adhesion-martin-2025' };
    const first = await send('POST', '/members', { ...MARTIN, typeId: family2025.id }, key);
    const retry = await send('POST', '/members', { ...MARTIN, typeId: family2025.id }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    camille = ((await first.json()) as { member: Member }).member;
    expect(((await retry.json()) as { member: Member }).member.id).toBe(camille.id);
    expect(camille).toMatchObject({
      lastName: 'Martin',
      amount: 15,
      typeName: 'Famille',
      year: 2025,
      erased: false,
      children: MARTIN.children,
    });
    expect(camille.consentAt).not.toBeNull();

    const lines = await sys
      .db('journal_lines as l')
      .join('journal_entries as e', 'e.id', 'l.entry_id')
      .where('e.source', `membership:${camille.id}`)
      .orderBy('l.position')
      .select('e.label', 'l.account', 'l.debit_cents', 'l.credit_cents');
    expect(lines.map((l) => [l.account, Number(l.debit_cents), Number(l.credit_cents)])).toEqual([
      ['5112', 1500, 0],
      ['756', 0, 1500],
    ]);
    // The entry names the membership, never the person: erasing them later leaves the journal as it is.
    expect(lines[0]!.label).not.toContain('Martin');

    const soutien = (await list(2025)).types.find((t) => t.name === 'Soutien')!;
    const noAmount = await send('POST', '/members', { ...MARTIN, lastName: 'Durand', typeId: soutien.id });
    expect(noAmount.status).toBe(400);
    expect(((await noAmount.json()) as { error: string }).error).toBe(
      "Ce type d'adhésion est à prix libre : indiquez le montant versé (par exemple 15,00).",
    );
    const free = await send('POST', '/members', {
      ...MARTIN,
      lastName: 'Durand',
      children: [],
      typeId: soutien.id,
      amount: '30,50',
      method: 'ESP',
    });
    expect(free.status).toBe(201);
    expect(((await free.json()) as { member: Member }).member.amount).toBe(30.5);
  });

  it('exports the list as CSV for a spreadsheet', async () => {
    const res = await sys.request(`${A}/members?year=2025&format=csv`);
    expect(res.headers.get('content-disposition')).toContain('adherents-2025.csv');
    const csv = await res.text();
    expect(csv).toContain('Nom;Prénom;Adhésion;Portée;Montant');
    expect(csv).toContain('Martin;Camille;Famille;Par famille;15,00;Chèque;2025-09-15;camille.martin@example.org');
    expect(csv).toContain('Léo (CE1), Zoé (Moyenne section)');
  });

  it("renews last year's members in this year's type, carrying their children over", async () => {
    expect((await list(2026)).toRenew.map((m) => m.lastName)).toEqual(['Durand', 'Martin']);
    const res = await send('POST', `/people/${camille.personId}/renewal`, { typeId: family2026.id, method: 'VIR', paidOn: '2026-09-10' });
    expect(res.status).toBe(201);
    const renewed = ((await res.json()) as { member: Member }).member;
    expect(renewed).toMatchObject({ year: 2026, amount: 16, personId: camille.personId, children: MARTIN.children });
    // Renewed twice (a retried click): still one membership for 2026.
    const twice = await send('POST', `/people/${camille.personId}/renewal`, { typeId: family2026.id, method: 'VIR', paidOn: '2026-09-10' });
    expect(((await twice.json()) as { member: Member }).member.id).toBe(renewed.id);
    expect((await list(2026)).members.filter((m) => m.personId === camille.personId)).toHaveLength(1);
    expect((await list(2026)).toRenew.map((m) => m.lastName)).toEqual(['Durand']);
  });

  it("exports a person's data on request, then erases it while the accounts keep the amounts", async () => {
    const res = await sys.request(`${A}/people/${camille.personId}/export`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as PersonExport;
    expect(data.person).toMatchObject({ lastName: 'Martin', email: 'camille.martin@example.org', phone: '06 12 34 56 78' });
    expect(data.person.consentText).toContain("J'accepte que l'association conserve mes coordonnées");
    expect(data.memberships.map((m) => [m.year, m.type, m.amount])).toEqual([
      [2025, 'Famille', 15],
      [2026, 'Famille', 16],
    ]);

    const entriesBefore = await sys.db('journal_entries').count<{ count: number }[]>('* as count');
    const verified = async () => (await (await sys.request(`${A}/journal-verification`)).json()) as { ok: boolean };
    expect((await send('DELETE', `/people/${camille.personId}`)).status).toBe(204);
    const erased = (await list(2025)).members.find((m) => m.personId === camille.personId)!;
    expect(erased).toMatchObject({
      lastName: 'Personne effacée',
      firstName: '',
      email: null,
      phone: null,
      address: '',
      children: [],
      amount: 15,
      erased: true,
    });
    expect(JSON.stringify(await sys.db('people').where({ id: camille.personId }).first())).not.toMatch(
      /Martin|Camille|camille|Lilas|06 12/,
    );
    expect(JSON.stringify(await sys.db('memberships').where({ person_id: camille.personId }))).not.toMatch(/Léo|Zoé/);
    // The books are untouched: same entries, the chain still verifies.
    expect(await sys.db('journal_entries').count<{ count: number }[]>('* as count')).toEqual(entriesBefore);
    expect((await verified()).ok).toBe(true);
    const again = await sys.request(`${A}/people/${camille.personId}/export`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe('Les données de cette personne ont été effacées à sa demande.');

    // The year's FEC still passes every rule with its membership fees.
    const fec = await sys.request(`${A}/fec/2025`);
    const check = checkFec(new Uint8Array(await fec.arrayBuffer()), { fileName: 'FEC20251231.txt', year: 2025 });
    expect(check.problems).toEqual([]);
  });
});
