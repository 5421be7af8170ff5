/**
 * Printable receipts (80 mm thermal paper) and order slips, as whole HTML documents: the register
 * remote opens them in a window and prints them, the public page `/s/{reference}` shows the same
 * receipt. A receipt never carries the buyer's name, phone or e-mail.
 */
import { escapeHtml, formatEuros, formatWeight, parseEuros } from '@kermesse/contracts-common';

export interface ReceiptLine {
  name: string;
  categoryName: string;
  kind: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  clickAndCollect?: boolean;
}
export interface ReceiptPayment {
  method: 'CB' | 'ESP' | 'CHQ';
  amountCents: number;
  reference: string;
}

export interface ReceiptData {
  reference: string;
  createdAt: Date;
  eventName: string;
  checkoutName: string;
  lines: ReceiptLine[];
  totalCents: number;
  paidCents: number;
  paymentMode: number;
  payments: ReceiptPayment[];
  tickets: number[];
  raffleName?: string | null;
  bets: Array<{ typeName: string; weight: number }>;
  giftBasketName?: string | null;
  /** Loto cartons handed over and their night. */
  cartons?: number[];
  bingoName?: string | null;
  /** Absolute or root-relative address of the public receipt page. */
  receiptUrl: string;
  /** Refunds of the sale, oldest first; the sale itself stays as it was. */
  refunds?: ReceiptRefund[];
}

export interface ReceiptRefund {
  createdAt: Date;
  amountCents: number;
  paymentMode: 1 | 2 | 3;
  reason: string;
  lines: Array<{ name: string; quantity: number; totalCents: number }>;
  tickets: number[];
  bets: Array<{ weight: number }>;
}

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
export const formatDate = (date: Date): string => DATE.format(date);

const METHOD_LABELS: Record<ReceiptPayment['method'], string> = { ESP: 'Espèces', CHQ: 'Chèque', CB: 'Carte bancaire' };

const RECEIPT_CSS = `
  @page { size: 80mm auto; margin: 0; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f4f4f2; color: #111; font: 13px/1.4 "Helvetica Neue", Arial, sans-serif; }
  .receipt { width: 80mm; margin: 0 auto; padding: 5mm 4mm 6mm; background: #fff; }
  h1 { font-size: 16px; margin: 0 0 2px; text-align: center; }
  .muted { color: #555; }
  .center { text-align: center; }
  header p { margin: 0; text-align: center; }
  .ref { font: 600 15px/1.3 ui-monospace, "DejaVu Sans Mono", monospace; letter-spacing: .04em; margin-top: 4px !important; }
  hr { border: 0; border-top: 1px dashed #999; margin: 8px 0; }
  table { width: 100%; border-collapse: collapse; }
  td { padding: 2px 0; vertical-align: top; }
  td.qty { width: 9mm; white-space: nowrap; }
  td.amount { text-align: right; white-space: nowrap; padding-left: 6px; }
  .category { display: block; font-size: 11px; color: #555; }
  .total td { font-size: 16px; font-weight: 700; padding-top: 6px; }
  .pending { margin-top: 6px; padding: 4px; border: 1px solid #111; text-align: center; font-weight: 700; }
  ul { margin: 2px 0 0; padding-left: 16px; }
  footer { margin-top: 10px; text-align: center; font-size: 12px; }
  .url { word-break: break-all; font-size: 11px; }
  .refund { margin: 4px 0 6px; }
  .refund p { margin: 2px 0; }
  .refund-total td { font-weight: 700; }
  .refund-sum { font-weight: 700; text-align: right; margin: 4px 0 0; }
  @media print { body { background: #fff; } .receipt { margin: 0; } }
`;

/** Inline, so the receipt page never asks the server for /favicon.ico. */
const RECEIPT_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%23b4233c'/%3E%3Ctext x='16' y='23' font-size='20' font-family='sans-serif' text-anchor='middle' fill='%23fff'%3EK%3C/text%3E%3C/svg%3E";

function page(title: string, body: string, css = RECEIPT_CSS): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="${RECEIPT_ICON}">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
${body}
</body>
</html>`;
}

function cashDetail(payment: ReceiptPayment): string {
  const given = parseEuros(payment.reference);
  if (payment.method !== 'ESP' || given === null || given < payment.amountCents) return '';
  return `<span class="category">Donné : ${formatEuros(given)} — rendu : ${formatEuros(given - payment.amountCents)}</span>`;
}

function paymentLine(payment: ReceiptPayment): string {
  const ref =
    payment.method === 'CHQ' && payment.reference
      ? `<span class="category">Chèque n° ${escapeHtml(payment.reference)}</span>`
      : payment.method === 'CB' && payment.reference
        ? `<span class="category">Transaction ${escapeHtml(payment.reference)}</span>`
        : cashDetail(payment);
  return `<tr><td>${METHOD_LABELS[payment.method]}${ref}</td><td class="amount">${formatEuros(payment.amountCents)}</td></tr>`;
}

/** The receipt's content (without the page around it). */
export function receiptBody(data: ReceiptData): string {
  const lines = data.lines
    .map((l) => {
      const context = l.kind === 'raffle' || l.kind === 'giftbasket' ? `<span class="category">${escapeHtml(l.categoryName)}</span>` : '';
      return `<tr><td class="qty">${l.quantity} ×</td><td>${escapeHtml(l.name)}${context}</td><td class="amount">${formatEuros(l.totalCents)}</td></tr>`;
    })
    .join('');
  const remaining = data.totalCents - data.paidCents;
  const pending =
    data.paymentMode === 99 && remaining > 0
      ? `<p class="pending">En attente de règlement — reste à payer : ${formatEuros(remaining)}</p>`
      : '';
  const tickets = data.tickets.length
    ? `<hr><p><strong>Tickets de tombola${data.raffleName ? ` — ${escapeHtml(data.raffleName)}` : ''}</strong><br>${[...data.tickets]
        .sort((a, b) => a - b)
        .map((n) => `n° ${n}`)
        .join(', ')}</p>`
    : '';
  const bets = data.bets.length
    ? `<hr><p><strong>Paris${data.giftBasketName ? ` — ${escapeHtml(data.giftBasketName)}` : ''}</strong></p><ul>${data.bets.map((b) => `<li>${escapeHtml(b.typeName)} : ${formatWeight(b.weight)}</li>`).join('')}</ul>`
    : '';
  const cartons = data.cartons?.length
    ? `<hr><p><strong>Cartons de loto${data.bingoName ? ` — ${escapeHtml(data.bingoName)}` : ''}</strong><br>${[...data.cartons]
        .sort((a, b) => a - b)
        .map((n) => `n° ${n}`)
        .join(', ')}</p>`
    : '';
  const payments = data.payments.length ? `<hr><table>${data.payments.map(paymentLine).join('')}</table>` : '';
  const refunds = refundsSection(data.refunds ?? []);
  return `<main class="receipt">
<header>
<h1>${escapeHtml(data.eventName)}</h1>
<p class="muted">${escapeHtml(data.checkoutName)}</p>
<p class="ref">Reçu ${escapeHtml(data.reference)}</p>
<p class="muted">${formatDate(data.createdAt)}</p>
</header>
<hr>
<table>${lines}<tr class="total"><td colspan="2">Total</td><td class="amount">${formatEuros(data.totalCents)}</td></tr></table>
${pending}${payments}${tickets}${cartons}${bets}${refunds}
<footer>
<p>Merci pour votre soutien !</p>
<p class="url">${escapeHtml(data.receiptUrl)}</p>
</footer>
</main>`;
}

const REFUND_MODES: Record<ReceiptRefund['paymentMode'], string> = { 1: 'par chèque', 2: 'en espèces', 3: 'sur la carte bancaire' };

/** The refunds of the sale: each with its date, lines, amount, mode, reason and voided numbers. */
function refundsSection(refunds: ReceiptRefund[]): string {
  if (refunds.length === 0) return '';
  const items = refunds
    .map((r) => {
      const lines = r.lines
        .map(
          (l) =>
            `<tr><td class="qty">${l.quantity} ×</td><td>${escapeHtml(l.name)}</td><td class="amount">−${formatEuros(l.totalCents)}</td></tr>`,
        )
        .join('');
      const voided = [
        r.tickets.length
          ? `Tickets annulés : ${[...r.tickets]
              .sort((a, b) => a - b)
              .map((n) => `n° ${n}`)
              .join(', ')}`
          : '',
        r.bets.length ? `Paris annulés : ${r.bets.map((b) => formatWeight(b.weight)).join(', ')}` : '',
      ]
        .filter(Boolean)
        .map((t) => `<span class="category">${t}</span>`)
        .join('');
      return `<section class="refund">
<p><strong>Remboursement du ${formatDate(r.createdAt)}</strong></p>
<table>${lines}<tr class="refund-total"><td colspan="2">Remboursé ${REFUND_MODES[r.paymentMode]}</td><td class="amount">−${formatEuros(r.amountCents)}</td></tr></table>
<p class="muted">Motif : ${escapeHtml(r.reason)}${voided}</p>
</section>`;
    })
    .join('');
  const total = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  return `<hr><div class="refunds"><p><strong>Remboursements</strong></p>${items}<p class="refund-sum">Total remboursé : ${formatEuros(total)}</p></div>`;
}

/** The printable receipt (80 mm). */
export const renderReceipt = (data: ReceiptData): string => page(`Reçu ${data.reference}`, receiptBody(data));

/** The preparation slip of what must be prepared (click-and-collect products); empty when nothing is. */
export function renderOrderSlip(data: ReceiptData): string {
  const items = data.lines.filter((l) => l.clickAndCollect);
  if (items.length === 0) return '';
  const rows = items.map((l) => `<tr><td class="qty">${l.quantity} ×</td><td>${escapeHtml(l.name)}</td></tr>`).join('');
  const body = `<main class="receipt slip">
<header>
<h1>Commande à préparer</h1>
<p class="ref">${escapeHtml(data.reference)}</p>
<p class="muted">${escapeHtml(data.checkoutName)} — ${formatDate(data.createdAt)}</p>
</header>
<hr>
<table>${rows}</table>
</main>`;
  return page(`Commande ${data.reference}`, body, `${RECEIPT_CSS} .slip td { font-size: 18px; font-weight: 600; padding: 4px 0; }`);
}
