/**
 * Two associations on one installation (docs/hosting.md): each keeps its own books — its FEC
 * numbering and hash chain start at 1, its tax receipts are numbered from 1, its settings, membership
 * types, closed years and imports are its own — and neither sees a row of the other. Real Postgres,
 * as the service's run-time role under row-level security.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@kermesse/kit/db';
import { startHostedDatabase, type HostedDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { appendOnly, migrations, schema } from '../migrations/index.ts';
import { addPurchase, closeYear } from './commands/books.ts';
import { addDonation, importDonations } from './commands/donations.ts';
import { addMember } from './commands/memberships.ts';
import { recordSaleCompleted } from './commands/postSale.ts';
import { issueReceipt } from './commands/taxReceipts.ts';
import { insertDonor, listDonations, readAssociation, saveAssociation } from './repositories/donations.ts';
import { upsertEvent } from './repositories/fair.ts';
import { listEntries, verifyChain } from './repositories/journal.ts';
import { insertMembershipType, listMemberships } from './repositories/memberships.ts';
import { isYearLocked } from './repositories/years.ts';
import type { ImportedGift } from './donations/donationCsv.ts';
import { buildSale } from './testSupport.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';

let db: Db;
let hosted: HostedDatabase | undefined;

beforeAll(async () => {
  hosted = await startHostedDatabase({ schema, migrations, appendOnly });
  db = hosted.db;
}, 60_000);

afterAll(() => hosted?.close());

/** The same CSV line sent by both associations (same file, so the same import key). */
const GIFT: ImportedGift = {
  line: 2,
  date: '2026-04-02',
  amountCents: 5000,
  method: 'VIR',
  counterpartCents: 0,
  counterpartLabel: null,
  donor: {
    kind: 'individual',
    name: 'Durand',
    firstName: 'Paul',
    address: '8 rue Pasteur',
    postalCode: '69007',
    city: 'Lyon',
    email: null,
    siren: null,
  },
};

/** A fair's books in one association: a sale, a purchase, a gift with its receipt, a member, an import. */
async function keepBooks(association: string, name: string, ids: { event: number; sale: number }) {
  return withAssociation(association, async () => {
    await upsertEvent(db, { id: ids.event, name: `Kermesse ${name}`, startsOn: '2026-05-16' });
    await db.transaction((trx) => recordSaleCompleted(trx, buildSale(ids.sale, [['product', 'Buvette', 350]], { eventId: ids.event })));
    await addPurchase(db, { eventId: ids.event, label: `Crêpes ${name}`, amountCents: 4200, date: '2026-05-10', createdBy: null });
    await saveAssociation(db, {
      name,
      address: '1 place de la Mairie',
      postal_code: '69003',
      city: 'Lyon',
      purpose: 'Financer les sorties des élèves',
      siren: null,
      eligibility: 'interet_general',
      rup_decree_date: null,
      signatory: `Trésorière ${name}`,
      counterpart_cap_cents: 7300,
    });
    const donorId = await insertDonor(db, {
      kind: 'individual',
      name: `Donateur ${name}`,
      first_name: 'Paul',
      address: '8 rue Pasteur',
      postal_code: '69007',
      city: 'Lyon',
      email: null,
      siren: null,
    });
    const donationId = await addDonation(db, {
      // A key the client chose: both associations may send the same one.
      source: 'manual:8d1f0c3a',
      origin: 'manual',
      donation_date: '2026-03-14',
      amount_cents: 10_000,
      method: 'CHQ',
      counterpart_cents: 0,
      counterpart_label: null,
      donor_id: donorId,
    });
    const receipt = await issueReceipt(db, { kind: 'gift', donationId: donationId! }, null);
    const typeId = await insertMembershipType(db, { year: 2026, name: 'Famille', scope: 'family', price_cents: 1500 });
    await addMember(db, {
      source: 'manual:3e7a9b21',
      lastName: `Membre ${name}`,
      firstName: 'Léa',
      email: null,
      phone: null,
      address: '',
      postalCode: '',
      city: '',
      children: [],
      payment: { typeId: typeId!, amountCents: undefined, method: 'ESP', paidOn: '2026-09-05' },
    });
    const imported = await importDonations(db, 'f3b1c9d2e8a7', [GIFT], false);
    return { receipt, imported };
  });
}

describe('two associations keep their books apart', () => {
  it('numbers each one’s journal, receipts and imports from the start, and shows each only its own', async () => {
    const ferry = await keepBooks(FERRY, 'APE Jules Ferry', { event: 101, sale: 5001 });
    const comite = await keepBooks(COMITE, 'Comité des fêtes', { event: 202, sale: 6001 });

    // Each association's receipts start at 2026-1, and the same CSV imported by both is a new import for each.
    expect([ferry.receipt.year, ferry.receipt.number]).toEqual([2026, 1]);
    expect([comite.receipt.year, comite.receipt.number]).toEqual([2026, 1]);
    expect(ferry.imported).toMatchObject({ donations: 1, alreadyImported: 0 });
    expect(comite.imported).toMatchObject({ donations: 1, alreadyImported: 0 });

    for (const [association, name, other] of [
      [FERRY, 'APE Jules Ferry', 'Comité des fêtes'],
      [COMITE, 'Comité des fêtes', 'APE Jules Ferry'],
    ] as const) {
      await withAssociation(association, async () => {
        const entries = await listEntries(db, 2026);
        // Sale, purchase, gift, membership, imported gift: FEC numbers 1 to 5, no gap, no one else's.
        expect(entries.map((e) => e.number)).toEqual([1, 2, 3, 4, 5]);
        expect(entries.some((e) => e.label.includes(other))).toBe(false);
        expect(entries.find((e) => e.journal === 'AC')?.label).toContain(name);
        expect(await verifyChain(db)).toEqual({ entries: 5, brokenAt: null });
        expect((await readAssociation(db)).name).toBe(name);
        expect(await listDonations(db, 2026)).toHaveLength(2);
        expect((await listMemberships(db, 2026)).map((m) => m.last_name)).toEqual([`Membre ${name}`]);
      });
    }
  });

  it('closes a year for one association only', async () => {
    await withAssociation(FERRY, () => closeYear(db, 2025, 'tresorier'));
    expect(await withAssociation(FERRY, () => isYearLocked(db, 2025))).toBe(true);
    expect(await withAssociation(COMITE, () => isYearLocked(db, 2025))).toBe(false);
    // The other association still writes in that year, numbered after its own entries.
    await withAssociation(COMITE, () =>
      addPurchase(db, { eventId: 202, label: 'Lots', amountCents: 900, date: '2025-12-01', createdBy: null }),
    );
    expect((await withAssociation(COMITE, () => listEntries(db, 2025))).map((e) => e.number)).toEqual([1]);
    // And closes it in its own time.
    await withAssociation(COMITE, () => closeYear(db, 2025, 'tresoriere'));
    expect(await withAssociation(COMITE, () => isYearLocked(db, 2025))).toBe(true);
  });

  it('shows nothing to a connection that names no association', async () => {
    expect(await db('journal_entries').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
    expect(await db('tax_receipts').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
  });
});
