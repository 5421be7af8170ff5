/**
 * A print document into the printer's bytes, through the maintained encoder
 * `@point-of-sale/receipt-printer-encoder` (ESC/POS or StarPRNT) rather than commands written by
 * hand (docs/printing.md §1). French text is printed in code page 858 (850 with « € »), which the
 * thermal printers of both families carry: « é à ç € » print as themselves.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { columnsOf, type Printer } from './printers';
import type {
  CartonsDocument,
  KitchenDocument,
  PassesDocument,
  PrintDocument,
  RaffleStubsDocument,
  ReceiptDocument,
  ZReportDocument,
} from './documents';

/** Code page 858: Latin-1 letters, « » and the euro sign. */
export const CODEPAGE = 'cp858';

/**
 * The printer's code pages know neither the narrow no-break space that French number formatting
 * puts before « € » nor typographic apostrophes: they print as plain ones instead of « ? ».
 */
export function printable(text: string): string {
  return text
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2026/g, '...');
}

type Encoder = ReceiptPrinterEncoder;

function encoderFor(printer: Pick<Printer, 'language' | 'widthMm'>): Encoder {
  return new ReceiptPrinterEncoder({
    language: printer.language,
    columns: columnsOf(printer),
    codepageMapping: printer.language === 'star-prnt' ? 'star' : 'epson',
    // A few lines of paper pass the cutter, so the last line is not cut through.
    feedBeforeCut: 4,
  });
}

/** Label on the left, amount on the right, on the printer's width. */
function amountRow(encoder: Encoder, label: string, amount: string): Encoder {
  const right = Math.max(amount.length, 10);
  return encoder.table(
    [
      { width: encoder.columns - right - 1, marginRight: 1, align: 'left' },
      { width: right, align: 'right' },
    ],
    [[printable(label), printable(amount)]],
  );
}

function duplicate(encoder: Encoder): Encoder {
  return encoder.align('center').bold(true).line('DUPLICATA').bold(false).align('left');
}

function receipt(encoder: Encoder, doc: ReceiptDocument): Encoder {
  encoder.align('center').bold(true).line('Reçu').bold(false);
  if (doc.reference) encoder.line(printable(`Réf. ${doc.reference}`));
  encoder.line(doc.at).align('left').rule();
  for (const line of doc.lines) amountRow(encoder, `${line.quantity} × ${line.label}`, line.amount);
  encoder.rule();
  encoder.bold(true);
  amountRow(encoder, 'Total', doc.total);
  encoder.bold(false);
  amountRow(encoder, 'Paiement', doc.payment);
  if (doc.tickets.length > 0) encoder.newline().line(printable(`Tombola : ${doc.tickets.map((n) => `n° ${n}`).join(', ')}`));
  return encoder.newline().align('center').line('Merci de votre visite !').align('left');
}

function kitchen(encoder: Encoder, doc: KitchenDocument): Encoder {
  encoder.align('center').bold(true).line(printable(doc.category)).bold(false);
  encoder
    .line(printable(doc.reference ? `${doc.reference} · ${doc.at}` : doc.at))
    .align('left')
    .rule();
  // Read from across the stand: each line twice as tall.
  encoder.height(2);
  for (const line of doc.lines) encoder.line(printable(`${line.label} ×${line.quantity}`));
  return encoder.height(1);
}

/** One stub per number, each cut from the next (a partial cut keeps the strip in one piece). */
function stubs(encoder: Encoder, doc: RaffleStubsDocument): Encoder {
  doc.numbers.forEach((number, index) => {
    if (index > 0) encoder.cut('partial');
    encoder.align('center').bold(true).line('Tombola').bold(false);
    encoder.size(2, 2).line(`n° ${number}`).size(1, 1);
    encoder.line(printable(doc.reference ? `${doc.reference} · ${doc.at}` : doc.at));
    encoder.line("À garder jusqu'au tirage.").align('left');
  });
  return encoder;
}

/** A loto carton's 3 × 9 grid: 5 characters a cell on 80 mm paper, 3 on 58 mm; a blank cell is « -- ». */
function cartons(encoder: Encoder, doc: CartonsDocument): Encoder {
  const cell = Math.floor(encoder.columns / 9) >= 5 ? 5 : 3;
  doc.cartons.forEach((carton, index) => {
    if (index > 0) encoder.cut('partial');
    encoder.align('center').bold(true).line(printable(doc.night)).bold(false);
    encoder
      .size(2, 2)
      .line(printable(`Carton n° ${carton.code}`))
      .size(1, 1);
    // Read by a player with a pen in hand: each row twice as tall, the numbers in bold.
    encoder.height(2).bold(true);
    for (const row of carton.grid)
      encoder.line(
        row
          .map((n) => (n === null ? '--' : String(n)).padStart(2).padEnd(cell))
          .join('')
          .trimEnd(),
      );
    encoder.bold(false).height(1).align('left');
  });
  return encoder;
}

/** A pre-sold ticket's confirmation: who, what, how many, and the signed QR code the gate scans. */
function passes(encoder: Encoder, doc: PassesDocument): Encoder {
  doc.passes.forEach((pass, index) => {
    if (index > 0) encoder.cut('partial');
    encoder.align('center').bold(true).line(printable(doc.event)).bold(false);
    encoder.size(2, 2).line(printable(pass.holder)).size(1, 1);
    if (pass.label) encoder.line(printable(pass.label));
    encoder.line(pass.quantity > 1 ? `${pass.quantity} personnes` : '1 personne');
    encoder.qrcode(pass.code, { model: 2, size: 6, errorlevel: 'm' });
    encoder.line("Billet à présenter à l'entrée.").align('left');
  });
  return encoder;
}

function zReport(encoder: Encoder, doc: ZReportDocument): Encoder {
  encoder.align('center').bold(true).line(`Rapport Z n° ${doc.sessionId}`).bold(false).line(doc.at).align('left').rule();
  for (const mode of doc.modes) {
    encoder.bold(true).line(mode.label).bold(false);
    amountRow(encoder, 'Attendu', mode.expected);
    amountRow(encoder, 'Compté', mode.counted);
    amountRow(encoder, 'Écart', mode.difference);
  }
  encoder.rule().bold(true);
  amountRow(encoder, 'Grand total', doc.grandTotal);
  encoder.bold(false);
  if (doc.reason) encoder.line(printable(`Raison de l'écart : ${doc.reason}`));
  return encoder.line(`Journal n° ${doc.journalSeq}`).line(doc.journalHash);
}

export interface EncodeOptions {
  /** A reprint: « DUPLICATA » heads it. */
  duplicate?: boolean;
  /** Opens the cash drawer hung on this printer before printing (a cash sale). */
  pulse?: boolean;
}

/** The bytes to send to `printer` for `doc`: initialised, in code page 858, cut at the end. */
export function encodeDocument(
  doc: PrintDocument,
  printer: Pick<Printer, 'language' | 'widthMm'>,
  options: EncodeOptions = {},
): Uint8Array {
  const encoder = encoderFor(printer).initialize();
  if (doc.kind === 'drawer' || options.pulse) encoder.pulse();
  if (doc.kind === 'drawer') return encoder.encode();
  encoder.codepage(CODEPAGE);
  if (options.duplicate) duplicate(encoder);
  if (doc.kind === 'receipt') receipt(encoder, doc);
  else if (doc.kind === 'kitchen') kitchen(encoder, doc);
  else if (doc.kind === 'stubs') stubs(encoder, doc);
  else if (doc.kind === 'cartons') cartons(encoder, doc);
  else if (doc.kind === 'passes') passes(encoder, doc);
  else zReport(encoder, doc);
  if (options.duplicate) duplicate(encoder);
  return encoder.cut().encode();
}
