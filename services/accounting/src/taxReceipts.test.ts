/**
 * Donations and tax receipts on real Postgres and NATS (docs/tax-receipts.md): no receipt without the
 * association's right to issue them, numbers without gaps even when issued at once, a cancelled receipt
 * kept with its number, the counterpart rule, the PDF's printed fields, the register's gifts, the
 * yearly figures to declare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Donation, DonationList, Donor, ReceiptDeclaration, TaxReceipt } from '@kermesse/contracts-accounting';
import { eventually } from '@kermesse/kit/testing';
import { buildSale, startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
const A = '/api/admin/accountancy';

beforeAll(async () => {
  sys = await startAccountingTestSystem({ app: true });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

const count = async (table: string) => Number((await sys.db(table).count<{ count: number }[]>('* as count'))[0]!.count);
const send = (method: string, path: string, body?: unknown) =>
  sys.request(`${A}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const SETTINGS = {
  name: 'APE de l’école Jules Ferry',
  address: '3 rue des Écoles',
  postalCode: '69003',
  city: 'Lyon',
  purpose: 'Financer les sorties et le matériel des élèves',
  siren: null,
  eligibility: 'interet_general',
  rupDecreeDate: null,
  signatory: 'Claire Dupont, trésorière',
  counterpartCap: '73,00',
};

async function allowReceipts(): Promise<void> {
  const res = await send('PUT', '/association', SETTINGS);
  expect(res.status).toBe(200);
}

let donorCount = 0;
async function newDonor(overrides: Record<string, unknown> = {}): Promise<Donor> {
  donorCount += 1;
  const res = await send('POST', '/donors', {
    kind: 'individual',
    name: `Martin${donorCount}`,
    firstName: 'Louise',
    address: '12 avenue Foch',
    postalCode: '69006',
    city: 'Lyon',
    email: 'louise.martin@example.org',
    ...overrides,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { donor: Donor }).donor;
}

async function newDonation(body: Record<string, unknown>): Promise<Donation> {
  const res = await send('POST', '/donations', { date: '2026-03-14', method: 'CHQ', ...body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { donation: Donation }).donation;
}

async function issue(body: Record<string, unknown>): Promise<Response> {
  return send('POST', '/tax-receipts', body);
}

async function pdfText(receiptId: number): Promise<string> {
  const res = await sys.request(`${A}/tax-receipts/${receiptId}/pdf`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  // Spaces as a reader sees them (the PDF draws no-break spaces between thousands and before €).
  return text.replace(/[\u00A0\u202F]/g, ' ');
}

describe('the association may not issue receipts', () => {
  it('refuses a receipt with a plain French reason, and no number is used', async () => {
    const donor = await newDonor();
    const donation = await newDonation({ amount: '50', donorId: donor.id });
    const res = await issue({ kind: 'gift', donationId: donation.id });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.code).toBe('RECEIPTS_NOT_ALLOWED');
    expect(body.error).toContain("d'intérêt général ou reconnus d'utilité publique");
    expect(await count('receipt_counters')).toBe(0);
    expect(await count('tax_receipts')).toBe(0);
  });
});

describe('tax receipts', () => {
  beforeAll(allowReceipts);

  it('prints a cerfa 11580 receipt with the association, the donor, the amount in figures and words', async () => {
    const donor = await newDonor({ name: 'Durand', firstName: 'Paul' });
    const donation = await newDonation({ date: '2025-06-20', amount: '1 280,50', method: 'VIR', donorId: donor.id });
    const res = await issue({ kind: 'gift', donationId: donation.id });
    expect(res.status).toBe(201);
    const { receipt } = (await res.json()) as { receipt: TaxReceipt };
    expect(receipt).toMatchObject({ number: '2025-0001', amount: 1280.5, model: 'cerfa n° 11580*05', donorName: 'Durand Paul' });

    const text = await pdfText(receipt.id);
    for (const printed of [
      "Reçu au titre des dons à certains organismes d'intérêt général",
      'cerfa n° 11580*05',
      'Reçu n° 2025-0001',
      'APE de l’école Jules Ferry',
      '3 rue des Écoles, 69003 Lyon',
      'Durand',
      'Paul',
      '12 avenue Foch, 69006 Lyon',
      '1 280,50 €',
      'mille deux cent quatre-vingts euros et cinquante centimes',
      'Date du versement ou du don : 20/06/2025',
      'Claire Dupont, trésorière',
    ])
      expect(text).toContain(printed);
    expect(text).not.toContain('ANNULÉ');
  });

  it('prints the 2041-MEC-SD model for a company, which needs its SIREN', async () => {
    const noSiren = await newDonor({ kind: 'company', name: 'Boulangerie Morel', firstName: null });
    const refused = await issue({ kind: 'gift', donationId: (await newDonation({ amount: 300, donorId: noSiren.id })).id });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Le reçu d'une entreprise indique son SIREN : complétez sa fiche (9 chiffres).",
    );

    const company = await newDonor({ kind: 'company', name: 'Garage Petit', firstName: null, siren: '123456789' });
    const res = await issue({ kind: 'gift', donationId: (await newDonation({ amount: 300, donorId: company.id })).id });
    expect(res.status).toBe(201);
    const { receipt } = (await res.json()) as { receipt: TaxReceipt };
    expect(receipt.model).toBe('2041-MEC-SD');
    const text = await pdfText(receipt.id);
    expect(text).toContain('Modèle 2041-MEC-SD');
    expect(text).toContain('SIREN : 123456789');
    expect(text).toContain('Garage Petit');
  });

  it('numbers receipts issued at the same moment without gap nor double', async () => {
    const donor = await newDonor();
    const donations = await Promise.all(
      Array.from({ length: 16 }, (_, i) => newDonation({ date: '2024-05-01', amount: 10 + i, donorId: donor.id })),
    );
    // Each gift twice at once: one receipt per gift, the second attempt refused.
    const answers = await Promise.all(
      donations.flatMap((d) => [issue({ kind: 'gift', donationId: d.id }), issue({ kind: 'gift', donationId: d.id })]),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(16);
    expect(statuses.filter((s) => s === 409)).toHaveLength(16);
    const numbers = (await sys.db('tax_receipts').where({ year: 2024 }).pluck('number')).map(Number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('keeps a cancelled receipt and its number, marked « Annulé »; the gift gets the next number', async () => {
    const donor = await newDonor();
    const donation = await newDonation({ date: '2023-11-02', amount: '80', method: 'ESP', donorId: donor.id });
    const first = ((await (await issue({ kind: 'gift', donationId: donation.id })).json()) as { receipt: TaxReceipt }).receipt;
    expect(first.number).toBe('2023-0001');

    const cancel = await send('POST', `/tax-receipts/${first.id}/cancel`, { reason: 'Erreur sur le nom du donateur' });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { receipt: TaxReceipt }).receipt).toMatchObject({ number: '2023-0001', cancelled: true });
    const again = await send('POST', `/tax-receipts/${first.id}/cancel`, { reason: 'encore' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe('Le reçu n° 2023-0001 est déjà annulé.');

    const text = await pdfText(first.id);
    expect(text).toContain('ANNULÉ');
    expect(text).toMatch(/Annulé le \d\d\/\d\d\/\d{4} : Erreur sur le nom du donateur/);

    const second = ((await (await issue({ kind: 'gift', donationId: donation.id })).json()) as { receipt: TaxReceipt }).receipt;
    expect(second.number).toBe('2023-0002');
    const list = ((await (await sys.request(`${A}/tax-receipts?year=2023`)).json()) as { receipts: TaxReceipt[] }).receipts;
    expect(list.map((r) => [r.number, r.cancelled])).toEqual([
      ['2023-0002', false],
      ['2023-0001', true],
    ]);

    const declaration = (await (await sys.request(`${A}/tax-receipts/declaration/2023`)).json()) as ReceiptDeclaration;
    expect(declaration).toMatchObject({ year: 2023, count: 1, total: 80, cancelled: 1, dueDate: '2024-03-31' });
  });

  it('receipts only the part above a counterpart beyond a quarter of the gift or the yearly cap', async () => {
    const donor = await newDonor();
    const cases = [
      { amount: '100', counterpart: '25', eligible: 100 }, // a quarter, under the cap: tolerated
      { amount: '100', counterpart: '30', eligible: 70 }, // more than a quarter
      { amount: '400', counterpart: '80', eligible: 320 }, // under a quarter but above the 73 € cap
      { amount: '40', counterpart: '40', eligible: 0 }, // worth the gift: nothing to receipt
    ];
    const donations = [];
    for (const c of cases)
      donations.push(
        await newDonation({
          date: '2022-09-10',
          amount: c.amount,
          counterpart: c.counterpart,
          counterpartLabel: 'Repas du gala',
          donorId: donor.id,
        }),
      );
    expect(donations.map((d) => d.eligible)).toEqual(cases.map((c) => c.eligible));

    const none = await issue({ kind: 'gift', donationId: donations[3]!.id });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { code: string }).code).toBe('NO_ELIGIBLE_AMOUNT');

    // The annual receipt adds up the eligible parts of the donor's gifts of the year.
    const annual = await issue({ kind: 'annual', donorId: donor.id, year: 2022 });
    expect(annual.status).toBe(201);
    const { receipt } = (await annual.json()) as { receipt: TaxReceipt };
    expect(receipt).toMatchObject({ kind: 'annual', amount: 490, number: '2022-0001' });
    const text = await pdfText(receipt.id);
    expect(text).toContain('490,00 €');
    expect(text).toContain('déduction faite de la contrepartie reçue');

    const nothingLeft = await issue({ kind: 'annual', donorId: donor.id, year: 2022 });
    expect(nothingLeft.status).toBe(409);
    expect(((await nothingLeft.json()) as { error: string }).error).toBe('Aucun don de 2022 sans reçu pour ce donateur.');
  });

  it('refuses bad input in French and changes nothing', async () => {
    const before = await count('donations');
    const bad = await send('POST', '/donations', { date: '2026-03-14', method: 'CHQ', amount: 'trente' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Le champ « amount » doit être un montant en euros (par exemple 30,50).');
    const tooHigh = await send('POST', '/donations', { date: '2026-03-14', method: 'CHQ', amount: '10', counterpart: '12' });
    expect(tooHigh.status).toBe(400);
    expect(((await tooHigh.json()) as { error: string }).error).toBe('La contrepartie ne peut pas dépasser le montant du don.');
    const yearZero = await send('POST', '/donations', { date: '0000-01-01', method: 'CHQ', amount: '10' });
    expect(yearZero.status).toBe(400);
    expect(((await yearZero.json()) as { code: string }).code).toBe('VALIDATION');
    const noDonor = await newDonation({ amount: '5' });
    const res = await issue({ kind: 'gift', donationId: noDonor.id });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('DONATION_WITHOUT_DONOR');
    expect(await count('donations')).toBe(before + 1);
  });

  it('books a gift typed in: debit the bank or the till, credit 7541 Dons manuels', async () => {
    const donation = await newDonation({ date: '2026-02-03', amount: '45,00', method: 'VIR' });
    const lines = await sys
      .db('journal_lines as l')
      .join('journal_entries as e', 'e.id', 'l.entry_id')
      .where('e.source', `donation:${donation.id}`)
      .orderBy('l.position')
      .select('l.account', 'l.debit_cents', 'l.credit_cents');
    expect(lines.map((l) => [l.account, Number(l.debit_cents), Number(l.credit_cents)])).toEqual([
      ['512', 4500, 0],
      ['7541', 0, 4500],
    ]);
  });

  it("takes the register's donation lines with the buyer's name, once", async () => {
    const sale = buildSale(
      9001,
      [
        ['product', 'Boissons', 300],
        ['donation', 'Dons', 2000],
      ],
      {
        buyer: { personId: 4, firstname: 'Inès', lastname: 'Bernard', email: 'ines@example.org', phone: null },
        completedAt: '2021-06-12T10:00:00.000Z',
      },
    );
    await sys.publish('sale.completed', sale);
    await sys.publish('sale.completed', sale);
    const list = await eventually(async () => {
      const answer = (await (await sys.request(`${A}/donations?year=2021`)).json()) as DonationList;
      return answer.donations.length > 0 ? answer.donations : null;
    }, 15_000);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      origin: 'register',
      amount: 20,
      method: 'ESP',
      buyerName: 'Inès Bernard',
      donor: null,
      date: '2021-06-12',
    });

    // Half of another sale's gift is given back at the register: only the rest can be receipted.
    const refunded = buildSale(9002, [['donation', 'Dons', 3000]], { completedAt: '2021-06-12T11:00:00.000Z' });
    await sys.publish('sale.completed', refunded);
    await sys.publish('sale.refunded', {
      refundId: '6f1f3c2e-0000-4000-8000-000000009002',
      saleId: 9002,
      reference: refunded.reference,
      eventId: 1,
      checkoutId: 1,
      sessionId: 1,
      lines: [{ ...refunded.lines[0]!, totalCents: 1000 }],
      tickets: [],
      bets: [],
      amountCents: 1000,
      paymentMode: 2,
      reason: 'Erreur de montant',
      refundedBy: 'u-1',
      refundedAt: '2021-06-12T11:05:00.000Z',
    });
    const partly = await eventually(async () => {
      const answer = (await (await sys.request(`${A}/donations?year=2021`)).json()) as DonationList;
      return answer.donations.find((d) => d.amount === 30 && d.refunded === 10);
    }, 15_000);
    expect(partly.eligible).toBe(20);

    // The treasurer attaches the donor, then issues its receipt.
    const donor = await newDonor({ name: 'Bernard', firstName: 'Inès' });
    const patched = await send('PUT', `/donations/${list[0]!.id}`, { donorId: donor.id });
    expect(patched.status).toBe(200);
    const res = await issue({ kind: 'gift', donationId: list[0]!.id });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { receipt: TaxReceipt }).receipt).toMatchObject({ number: '2021-0001', amount: 20 });
  });

  it('imports a CSV of gifts with their donors: a test run first, all or nothing, the same file twice writes nothing more', async () => {
    const csv =
      'Date;Montant;Mode;Nom;Prénom;Adresse;Code postal;Ville\n' +
      '10/01/2020;50,00;Chèque;Lefèvre;Anne;5 rue Neuve;69004;Lyon\n' +
      '11/02/2020;20,00;Virement;Lefèvre;Anne;5 rue Neuve;69004;Lyon\n';
    const importOf = (body: unknown) => send('POST', '/donations/import', body);
    const before = await count('donations');
    const trial = await importOf({ csv, dryRun: true });
    expect(await trial.json()).toEqual({ dryRun: true, donations: 2, donors: 1, alreadyImported: 0 });
    expect(await count('donations')).toBe(before);

    const bad = await importOf({ csv: `${csv}12/02/2020;dix;Chèque;Lefèvre;Anne;;;\n` });
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as { error: string; code: string };
    expect(refused.code).toBe('DONATIONS_CSV_INVALID');
    expect(refused.error).toContain("Ligne 4 : le montant « dix » n'est pas un montant en euros (30,50).");
    expect(await count('donations')).toBe(before);

    expect(await (await importOf({ csv })).json()).toEqual({ dryRun: false, donations: 2, donors: 1, alreadyImported: 0 });
    expect(await (await importOf({ csv })).json()).toEqual({ dryRun: false, donations: 0, donors: 0, alreadyImported: 2 });
    const { donations } = (await (await sys.request(`${A}/donations?year=2020`)).json()) as DonationList;
    expect(donations.map((d) => [d.origin, d.amount, d.donor?.name])).toEqual([
      ['import', 20, 'Lefèvre'],
      ['import', 50, 'Lefèvre'],
    ]);
    // One donor for both gifts: one annual receipt states 70 €.
    const annual = await issue({ kind: 'annual', donorId: donations[0]!.donor!.id, year: 2020 });
    expect(((await annual.json()) as { receipt: TaxReceipt }).receipt).toMatchObject({ amount: 70, number: '2020-0001' });
  });
});
