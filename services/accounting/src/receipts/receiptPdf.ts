/**
 * A tax receipt as a PDF (pdfkit), laid out after the administration's models (docs/tax-receipts.md §4):
 * cerfa n° 11580 for a person, 2041-MEC-SD for a company. Built from what the receipt stored when it
 * was issued (association and donor as they were then), so printing it again years later gives the
 * same paper; a cancelled receipt prints « ANNULÉ » across it with the date and reason.
 */
import PDFDocument from 'pdfkit';
import { toCurrency } from 'n2words/fr-FR';
import { DONATION_METHOD_LABELS, receiptModel, receiptNumber, type DonationMethod } from '@kermesse/contracts-accounting';
import { formatEuros } from '@kermesse/contracts-common';
import type { ReceiptRow } from '../repositories/donations.ts';

export interface ReceiptGift {
  donation_date: string;
  amount_cents: number;
  eligible_cents: number;
  method: DonationMethod;
}

/** « 16/05/2026 ». */
const frenchDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * Amounts as the PDF's standard font can draw them: French formatting puts a narrow no-break space
 * (U+202F) between thousands, which Helvetica's WinAnsi encoding lacks; a no-break space it has.
 */
const pdfEuros = (cents: number) => formatEuros(cents).replace(/\u202F/g, '\u00A0');

/** The amount in words, as the model asks (« quatre-vingts euros et cinquante centimes »). */
export const amountInWords = (cents: number): string => toCurrency(cents / 100);

function checkbox(doc: PDFKit.PDFDocument, checked: boolean, label: string): void {
  const x = doc.x;
  const y = doc.y;
  doc.rect(x, y + 1, 8, 8).stroke();
  if (checked) doc.text('X', x + 1.2, y + 0.5, { lineBreak: false });
  doc.text(label, x + 14, y, { width: 480 });
  doc.x = x;
}

/** The receipt's PDF as a Buffer. */
export async function renderReceiptPdf(receipt: ReceiptRow, gifts: readonly ReceiptGift[]): Promise<Buffer> {
  const { association, donor } = receipt;
  const company = donor.kind === 'company';
  const number = receiptNumber(receipt.year, receipt.number);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Reçu fiscal n° ${number}`, Author: association.name, Subject: receiptModel(donor.kind) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (receipt.cancelled_on) {
    doc.save();
    doc.rotate(-35, { origin: [297, 420] });
    doc.font('Helvetica-Bold').fontSize(96).fillColor('#c0392b', 0.25).text('ANNULÉ', 80, 380, { lineBreak: false });
    doc.restore();
    doc.fillColor('#c0392b', 1).font('Helvetica-Bold').fontSize(12);
    doc.text(`Annulé le ${frenchDate(receipt.cancelled_on)} : ${receipt.cancel_reason ?? ''}`, 50, 50);
    doc.fillColor('black').moveDown(0.5);
  }

  doc.font('Helvetica-Bold').fontSize(14);
  doc.text(
    company
      ? "Reçu des dons et versements effectués par les entreprises au titre de l'article 238 bis du code général des impôts"
      : "Reçu au titre des dons à certains organismes d'intérêt général",
    { align: 'center' },
  );
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(company ? 'Modèle 2041-MEC-SD' : 'Modèle cerfa n° 11580*05 — articles 200, 238 bis et 978 du code général des impôts', {
      align: 'center',
    });
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text(`Reçu n° ${number}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(11).text('Bénéficiaire des versements');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Nom : ${association.name}`);
  doc.text(`Adresse : ${association.address}, ${association.postal_code} ${association.city}`);
  if (association.siren) doc.text(`SIREN : ${association.siren}`);
  if (association.purpose) doc.text(`Objet : ${association.purpose}`);
  doc.moveDown(0.3);
  checkbox(
    doc,
    association.eligibility === 'rup',
    `Association reconnue d'utilité publique par décret en date du ${
      association.eligibility === 'rup' && association.rup_decree_date ? frenchDate(association.rup_decree_date) : '…'
    }`,
  );
  checkbox(doc, association.eligibility === 'interet_general', "Œuvre ou organisme d'intérêt général");
  doc.moveDown();

  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(company ? 'Entreprise donatrice' : 'Donateur');
  doc.font('Helvetica').fontSize(10);
  if (company) {
    doc.text(`Dénomination : ${donor.name}`);
    doc.text(`SIREN : ${donor.siren ?? ''}`);
  } else {
    doc.text(`Nom : ${donor.name}`);
    doc.text(`Prénoms : ${donor.first_name ?? ''}`);
  }
  doc.text(`Adresse : ${donor.address}, ${donor.postal_code} ${donor.city}`);
  doc.moveDown();

  const total = receipt.amount_cents;
  doc.text('Le bénéficiaire reconnaît avoir reçu au titre des dons et versements ouvrant droit à réduction d’impôt la somme de :');
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`*** ${pdfEuros(total)} ***`, { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Somme en toutes lettres : ${amountInWords(total)}`);
  const first = gifts[0]?.donation_date ?? receipt.issued_on;
  const last = gifts.at(-1)?.donation_date ?? receipt.issued_on;
  doc.text(
    receipt.kind === 'annual'
      ? `Dons versés du ${frenchDate(first)} au ${frenchDate(last)} (reçu annuel ${receipt.year})`
      : `Date du versement ou du don : ${frenchDate(first)}`,
  );
  if (receipt.kind === 'annual' || gifts.some((g) => g.eligible_cents !== g.amount_cents)) {
    doc.moveDown(0.3);
    for (const gift of gifts) {
      const part =
        gift.eligible_cents === gift.amount_cents
          ? ''
          : ` (don de ${pdfEuros(gift.amount_cents)}, déduction faite de la contrepartie reçue)`;
      doc.text(`• ${frenchDate(gift.donation_date)} : ${pdfEuros(gift.eligible_cents)} — ${DONATION_METHOD_LABELS[gift.method]}${part}`);
    }
  }
  doc.moveDown();

  doc.text(
    'Le bénéficiaire certifie sur l’honneur que les dons et versements qu’il reçoit ouvrent droit à la réduction d’impôt prévue à l’article :',
  );
  checkbox(doc, !company, '200 du CGI');
  checkbox(doc, company, '238 bis du CGI');
  checkbox(doc, false, '978 du CGI');
  doc.moveDown(0.3);
  doc.text('Forme du don :');
  checkbox(doc, true, 'Déclaration de don manuel');
  doc.text('Nature du don :');
  checkbox(doc, true, 'Numéraire');
  doc.text('Mode de versement du don :');
  const methods = new Set(gifts.map((g) => g.method));
  checkbox(doc, methods.has('ESP'), 'Remise d’espèces');
  checkbox(doc, methods.has('CHQ'), 'Chèque');
  checkbox(doc, methods.has('VIR') || methods.has('CB'), 'Virement, prélèvement, carte bancaire');
  doc.moveDown();

  doc.text(`Fait le ${frenchDate(receipt.issued_on)}, ${association.city}`);
  doc.text(`Signature : ${association.signatory}`);
  doc.end();
  return done;
}
