/**
 * « Bordereau de remise de chèques » as a PDF (pdfkit, like the tax receipts): the association, the
 * account credited, the day, one row per cheque (its number, the sale, the day, the amount), the
 * count and the total — the paper handed to the bank with the cheques (docs/bank.md §2).
 */
import PDFDocument from 'pdfkit';
import { formatEuros } from '@kermesse/contracts-common';
import type { ChequeSlipRow } from '../repositories/chequeSlips.ts';

/** « 16/05/2026 ». */
const frenchDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Helvetica's WinAnsi encoding lacks the narrow no-break space of French amounts; it has the no-break space. */
const pdfEuros = (cents: number) => formatEuros(cents).replace(/\u202F/g, '\u00A0');

export async function renderChequeSlipPdf(
  slip: ChequeSlipRow & { pieceRef: string },
  association: { name: string; accountName: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Bordereau de remise de chèques ${slip.pieceRef}`, Author: association.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text('Bordereau de remise de chèques', { align: 'center' });
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  if (association.name) doc.text(association.name);
  doc.text(`Compte crédité : ${slip.account} ${association.accountName}`);
  doc.text(`Remise ${slip.pieceRef} du ${frenchDate(slip.deposit_date)}${slip.event_name ? ` — ${slip.event_name}` : ''}`);
  doc.moveDown();

  const columns = [
    { title: 'N°', x: 50, width: 30 },
    { title: 'N° du chèque', x: 85, width: 140 },
    { title: 'Vente', x: 230, width: 110 },
    { title: 'Date', x: 345, width: 80 },
    { title: 'Montant', x: 430, width: 115, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > 770) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    columns.forEach((column, i) =>
      doc.text(cells[i] ?? '', column.x, y, { width: column.width, align: column.align ?? 'left', lineBreak: false }),
    );
    doc.x = 50;
    doc.y = y + 16;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  slip.cheques.forEach((cheque, i) =>
    row([String(i + 1), cheque.cheque_number || '—', cheque.sale_reference, frenchDate(cheque.sale_date), pdfEuros(cheque.amount_cents)]),
  );
  doc.moveTo(50, doc.y).lineTo(545, doc.y).stroke();
  doc.y += 6;
  row(['', `${slip.cheques.length} chèque${slip.cheques.length > 1 ? 's' : ''}`, '', 'Total', pdfEuros(slip.amount_cents)], true);
  doc.moveDown(2);
  doc.font('Helvetica').text('Signature du déposant :', 50);
  doc.end();
  return done;
}
