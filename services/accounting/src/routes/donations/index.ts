/**
 * Donations and tax receipts (docs/tax-receipts.md): the association's settings, donors, donations,
 * receipts (issue, cancel, PDF) and the yearly figures of CGI art. 222 bis.
 */
import { createHash, randomUUID } from 'node:crypto';
import { NOT_CSV_MESSAGE, NotCsvError, readCsv, type CsvReadResult } from '@kermesse/kit/csv';
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  AssociationSettingsInput,
  CancelReceiptBody,
  declarationDueDate,
  DonationImportBody,
  DonationInput,
  DonationsQuery,
  DonationUpdate,
  DonorInput,
  IdParams,
  IssueReceiptBody,
  receiptNumber,
  YearParams,
  AssociationAnswer,
  type Donation,
  DonationImportAnswer,
  DonationList,
  type Donor,
  ReceiptAnswer,
  ReceiptDeclaration,
  ReceiptList,
  DonationAnswer,
  DonorAnswer,
} from '@kermesse/contracts-accounting';
import { toEuros } from '@kermesse/contracts-common';
import { addDonation, editDonation, importDonations } from '../../commands/donations.ts';
import { cancelReceipt, issueReceipt } from '../../commands/taxReceipts.ts';
import { dayInFrance, yearOf } from '../../dates.ts';
import { csvInvalid, donationNotFound, donorNotFound, receiptNotFound } from '../../errors.ts';
import { parseDonationCsv } from '../../donations/donationCsv.ts';
import { presentAssociation, presentDonation, presentDonor, presentReceipt } from '../../presenters/taxReceipts.ts';
import { renderReceiptPdf } from '../../receipts/receiptPdf.ts';
import { centsOf } from '../money.ts';
import {
  declarationFigures,
  findDonation,
  findDonationIdBySource,
  findDonor,
  findReceipt,
  insertDonor,
  listDonations,
  listDonors,
  listReceipts,
  readAssociation,
  receiptDonations,
  saveAssociation,
  updateDonor,
} from '../../repositories/donations.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy';

const donorValues = (body: DonorInput) => ({
  kind: body.kind,
  name: body.name.trim(),
  first_name: body.kind === 'individual' ? body.firstName?.trim() || null : null,
  address: body.address.trim(),
  postal_code: body.postalCode.trim(),
  city: body.city.trim(),
  email: body.email?.trim() || null,
  siren: body.kind === 'company' ? (body.siren ?? null) : null,
});

export function donationRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  async function presentOne(id: number): Promise<Donation> {
    const [donation, association] = await Promise.all([findDonation(db, id), readAssociation(db)]);
    if (!donation) throw donationNotFound();
    const donor = donation.donor_id ? await findDonor(db, donation.donor_id) : undefined;
    return presentDonation(donation, new Map(donor ? [[donor.id, donor]] : []), association.counterpart_cap_cents);
  }

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/association`,
    summary: "Lire l'association émettrice des reçus fiscaux",
    responses: { 200: AssociationAnswer },
    roles: TREASURER,
    handler: async (): Promise<AssociationAnswer> => ({ association: presentAssociation(await readAssociation(db)) }),
  });

  defineRoute(router, {
    method: 'put',
    path: `${BASE}/association`,
    summary: "Modifier l'association émettrice des reçus fiscaux",
    responses: { 200: AssociationAnswer },
    roles: TREASURER,
    body: AssociationSettingsInput,
    handler: async ({ body }): Promise<AssociationAnswer> => {
      await saveAssociation(db, {
        name: body.name.trim(),
        address: body.address.trim(),
        postal_code: body.postalCode.trim(),
        city: body.city.trim(),
        purpose: body.purpose.trim(),
        siren: body.siren ?? null,
        eligibility: body.eligibility,
        rup_decree_date: body.eligibility === 'rup' ? (body.rupDecreeDate ?? null) : null,
        signatory: body.signatory.trim(),
        counterpart_cap_cents: centsOf(body.counterpartCap, 'counterpartCap', { allowZero: true }),
      });
      return { association: presentAssociation(await readAssociation(db)) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/donations`,
    summary: 'Lister les dons',
    responses: { 200: DonationList },
    roles: TREASURER,
    query: DonationsQuery,
    handler: async ({ query }): Promise<DonationList> => {
      const year = query.year ?? yearOf(dayInFrance(new Date()));
      const [donations, donors, association] = await Promise.all([listDonations(db, year), listDonors(db), readAssociation(db)]);
      const byId = new Map(donors.map((d) => [d.id, d]));
      return {
        donations: donations.map((d) => presentDonation(d, byId, association.counterpart_cap_cents)),
        donors: donors.map(presentDonor),
      };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/donations`,
    summary: 'Enregistrer un don',
    deprecated: 'Création enveloppée dans { donation } au lieu de l’objet au premier niveau.',
    responses: { 201: DonationAnswer },
    roles: TREASURER,
    body: DonationInput,
    status: 201,
    handler: async ({ ctx, body }): Promise<{ donation: Donation }> => {
      // A retried request (same Idempotency-Key) finds its first donation instead of writing a second.
      const key = ctx.get('Idempotency-Key').trim().slice(0, 100) || randomUUID();
      const source = `manual:${key}`;
      const id = await addDonation(db, {
        source,
        origin: 'manual',
        donation_date: body.date,
        amount_cents: centsOf(body.amount, 'amount'),
        method: body.method,
        counterpart_cents: body.counterpart === undefined ? 0 : centsOf(body.counterpart, 'counterpart', { allowZero: true }),
        counterpart_label: body.counterpartLabel?.trim() || null,
        donor_id: body.donorId ?? null,
      });
      const known = id ?? (await findDonationIdBySource(db, source))!;
      return { donation: await presentOne(known) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/donations/import`,
    summary: "Importer des dons d'un fichier CSV (essai avec dryRun)",
    responses: { 200: DonationImportAnswer },
    errors: { 400: ['DONATIONS_CSV_INVALID'] },
    roles: TREASURER,
    body: DonationImportBody,
    handler: async ({ body }): Promise<DonationImportAnswer> => {
      let csv: CsvReadResult;
      try {
        csv = readCsv(new TextEncoder().encode(body.csv));
      } catch (err) {
        if (err instanceof NotCsvError) throw csvInvalid([NOT_CSV_MESSAGE], 'DONATIONS_CSV_INVALID');
        throw err;
      }
      const { gifts, errors } = parseDonationCsv(csv);
      if (errors.length > 0) throw csvInvalid(errors, 'DONATIONS_CSV_INVALID');
      const fileKey = createHash('sha256').update(body.csv).digest('hex').slice(0, 32);
      const dryRun = body.dryRun ?? false;
      return { dryRun, ...(await importDonations(db, fileKey, gifts, dryRun)) };
    },
  });

  defineRoute(router, {
    method: 'put',
    path: `${BASE}/donations/:id`,
    summary: 'Modifier un don',
    responses: { 200: DonationAnswer },
    roles: TREASURER,
    params: IdParams,
    body: DonationUpdate,
    handler: async ({ params, body }): Promise<{ donation: Donation }> => {
      await editDonation(db, params.id, {
        donorId: body.donorId,
        counterpartCents: body.counterpart === undefined ? undefined : centsOf(body.counterpart, 'counterpart', { allowZero: true }),
        counterpartLabel: body.counterpartLabel,
      });
      return { donation: await presentOne(params.id) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/donors`,
    summary: 'Créer un donateur',
    deprecated: 'Création enveloppée dans { donor } au lieu de l’objet au premier niveau.',
    responses: { 201: DonorAnswer },
    roles: TREASURER,
    body: DonorInput,
    status: 201,
    handler: async ({ body }): Promise<{ donor: Donor }> => {
      const id = await insertDonor(db, donorValues(body));
      return { donor: presentDonor((await findDonor(db, id))!) };
    },
  });

  defineRoute(router, {
    method: 'put',
    path: `${BASE}/donors/:id`,
    summary: 'Modifier un donateur',
    responses: { 200: DonorAnswer },
    roles: TREASURER,
    params: IdParams,
    body: DonorInput,
    handler: async ({ params, body }): Promise<{ donor: Donor }> => {
      // A receipt already issued keeps the donor as printed (stored with it); only new receipts change.
      if (!(await updateDonor(db, params.id, donorValues(body)))) throw donorNotFound();
      return { donor: presentDonor((await findDonor(db, params.id))!) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/tax-receipts`,
    summary: 'Lister les reçus fiscaux',
    deprecated: 'Liste dans { receipts } au lieu de { items, total }.',
    responses: { 200: ReceiptList },
    roles: TREASURER,
    query: DonationsQuery,
    handler: async ({ query }): Promise<ReceiptList> => ({
      receipts: (await listReceipts(db, query.year ?? yearOf(dayInFrance(new Date())))).map(presentReceipt),
    }),
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/tax-receipts`,
    summary: 'Émettre des reçus fiscaux',
    deprecated: 'Création enveloppée dans { receipt } au lieu de l’objet au premier niveau.',
    responses: { 201: ReceiptAnswer },
    roles: TREASURER,
    body: IssueReceiptBody,
    status: 201,
    handler: async ({ body, user }): Promise<ReceiptAnswer> => ({
      receipt: presentReceipt(await issueReceipt(db, body, (user as AuthUser).email ?? null)),
    }),
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/tax-receipts/:id/cancel`,
    summary: 'Annuler un reçu fiscal',
    responses: { 200: ReceiptAnswer },
    roles: TREASURER,
    params: IdParams,
    body: CancelReceiptBody,
    handler: async ({ params, body }): Promise<ReceiptAnswer> => ({
      receipt: presentReceipt(await cancelReceipt(db, params.id, body.reason)),
    }),
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/tax-receipts/:id/pdf`,
    summary: 'Télécharger un reçu fiscal (PDF)',
    responses: {},
    roles: TREASURER,
    params: IdParams,
    handler: async ({ ctx, params }): Promise<undefined> => {
      const receipt = await findReceipt(db, params.id);
      if (!receipt) throw receiptNotFound();
      const pdf = await renderReceiptPdf(receipt, await receiptDonations(db, receipt.id));
      ctx.set('Content-Type', 'application/pdf');
      ctx.set('Content-Disposition', `attachment; filename="recu-fiscal-${receiptNumber(receipt.year, receipt.number)}.pdf"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = pdf;
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/tax-receipts/declaration/:year`,
    summary: "Lire les montants à déclarer d'une année",
    responses: { 200: ReceiptDeclaration },
    roles: TREASURER,
    params: YearParams,
    handler: async ({ params }): Promise<ReceiptDeclaration> => {
      const figures = await declarationFigures(db, params.year);
      return {
        year: params.year,
        count: figures.individuals + figures.companies,
        total: toEuros(figures.individuals_cents + figures.companies_cents),
        cancelled: figures.cancelled,
        individuals: { count: figures.individuals, total: toEuros(figures.individuals_cents) },
        companies: { count: figures.companies, total: toEuros(figures.companies_cents) },
        dueDate: declarationDueDate(params.year),
      };
    },
  });

  return router;
}
