/**
 * The receipt a buyer asked for, in French, built from the event alone (`sale.completed`, or
 * `receipt.requested` which carries the same receipt fields — `ReceiptContent`): the
 * e-mail (subject, text and HTML parts) and the short SMS with the link to the public receipt page.
 * Pure functions: no database, no clock.
 */
import { escapeHtml, formatEuros, formatWeight } from '@kermesse/contracts-common';
import type { ReceiptContent } from '@kermesse/contracts-register/events';
import type { EventPayloads } from '@kermesse/kit/bus';

export type CompletedSale = EventPayloads['sale.completed'];
/** What the renderer reads: the same fields in `sale.completed` and `receipt.requested`. */
export type ReceiptSale = ReceiptContent;

export interface ReceiptSettings {
  associationName: string;
  /** Gateway address; the receipt page is `{publicUrl}/s/{reference}`. */
  publicUrl: string;
  timeZone?: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** « 16 mai 2026 à 14:32 », in the fair's time zone. */
export function formatDateTime(iso: string, timeZone = 'Europe/Paris'): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}

export const receiptUrl = (settings: ReceiptSettings, reference: string): string =>
  `${settings.publicUrl}/s/${encodeURIComponent(reference)}`;

const PAYMENT_LABELS: Record<'CB' | 'ESP' | 'CHQ', string> = { CB: 'Carte bancaire', ESP: 'Espèces', CHQ: 'Chèque' };

interface ReceiptModel {
  title: string;
  date: string;
  lines: { label: string; detail: string; amount: string }[];
  total: string;
  payments: string[];
  tickets: { label: string; numbers: string }[];
  bets: { label: string; weights: string }[];
  /** Loto cartons, by night: « Loto de la kermesse » and « n° 4, n° 9 ». */
  cartons: { label: string; numbers: string }[];
  url: string;
}

/** The cartons of the sale by night, named after the night's carton line (« Loto : <night> »). */
function cartonsByNight(sale: ReceiptSale): { label: string; numbers: string }[] {
  const cartons = sale.cartons ?? [];
  const nightName = sale.lines
    .find((l) => l.kind === 'bingo')
    ?.categoryName.replace(/^Loto\s*:\s*/, '')
    .trim();
  const bingoIds = [...new Set(cartons.map((c) => c.bingoId))];
  return bingoIds.map((bingoId) => ({
    label: bingoIds.length === 1 && nightName ? nightName : `Loto n° ${bingoId}`,
    numbers: cartons
      .filter((c) => c.bingoId === bingoId)
      .map((c) => c.number)
      .sort((a, b) => a - b)
      .map((n) => `n° ${n}`)
      .join(', '),
  }));
}

function buildModel(sale: ReceiptSale, settings: ReceiptSettings): ReceiptModel {
  const lines = sale.lines.map((line) => {
    if (line.kind === 'donation') return { label: line.name || 'Don', detail: '', amount: formatEuros(line.totalCents) };
    if (line.kind === 'discount') return { label: line.name || 'Remise', detail: '', amount: formatEuros(line.totalCents) };
    return {
      label: line.name,
      detail: `${line.quantity} × ${formatEuros(line.unitPriceCents)}`,
      amount: formatEuros(line.totalCents),
    };
  });

  const paid = sale.payments.reduce((sum, p) => sum + p.amountCents, 0);
  const payments = sale.payments.map(
    (p) => `${PAYMENT_LABELS[p.method]}${p.method === 'CHQ' && p.reference ? ` n° ${p.reference}` : ''} : ${formatEuros(p.amountCents)}`,
  );
  if (sale.paymentMode === 99 || paid < sale.totalCents) {
    payments.push(`Reste à régler : ${formatEuros(sale.totalCents - paid)}`);
  }

  const raffleIds = [...new Set(sale.tickets.map((t) => t.raffleId))];
  const tickets = raffleIds.map((raffleId) => ({
    label: raffleIds.length > 1 ? `Tombola n° ${raffleId}` : 'Tombola',
    numbers: sale.tickets
      .filter((t) => t.raffleId === raffleId)
      .map((t) => t.number)
      .sort((a, b) => a - b)
      .join(', '),
  }));
  const basketIds = [...new Set(sale.bets.map((b) => b.giftBasketId))];
  const bets = basketIds.map((basketId) => ({
    label: basketIds.length > 1 ? `Panier garni n° ${basketId}` : 'Panier garni',
    weights: sale.bets
      .filter((b) => b.giftBasketId === basketId)
      .map((b) => formatWeight(b.weight))
      .join(' ; '),
  }));

  return {
    title: settings.associationName,
    date: formatDateTime(sale.completedAt, settings.timeZone),
    lines,
    total: formatEuros(sale.totalCents),
    payments,
    tickets,
    bets,
    cartons: cartonsByNight(sale),
    url: receiptUrl(settings, sale.reference),
  };
}

const PRIVACY_NOTE = "Reçu envoyé à votre demande. Votre adresse ne sert qu'à cet envoi et n'est pas conservée.";

/** The e-mail receipt: a plain-text part and an HTML part saying the same thing. */
export function renderReceiptEmail(sale: ReceiptSale, settings: ReceiptSettings): EmailContent {
  const m = buildModel(sale, settings);
  const subject = `Votre reçu ${m.title} – vente ${sale.reference}`;

  const text = [
    m.title,
    `Reçu de la vente ${sale.reference}`,
    `Le ${m.date}`,
    '',
    ...m.lines.map((l) => `- ${l.label}${l.detail ? ` (${l.detail})` : ''} : ${l.amount}`),
    '',
    `Total : ${m.total}`,
    ...(m.payments.length ? ['', 'Règlement :', ...m.payments.map((p) => `- ${p}`)] : []),
    ...(m.tickets.length ? ['', 'Vos numéros de tombola :', ...m.tickets.map((t) => `- ${t.label} : ${t.numbers}`)] : []),
    ...(m.bets.length ? ['', 'Vos paris :', ...m.bets.map((b) => `- ${b.label} : ${b.weights}`)] : []),
    ...(m.cartons.length ? ['', 'Vos cartons de loto :', ...m.cartons.map((c) => `- ${c.label} : ${c.numbers}`)] : []),
    '',
    `Votre reçu en ligne : ${m.url}`,
    '',
    'Merci pour votre soutien !',
    '',
    PRIVACY_NOTE,
    '',
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e5e7eb';
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(m.title)}</h1>
<p style="margin:0 0 16px;color:#4b5563">Reçu de la vente <strong>${escapeHtml(sale.reference)}</strong><br>Le ${escapeHtml(m.date)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;border-collapse:collapse">
${m.lines.map((l) => `<tr><td style="${cell}">${escapeHtml(l.label)}${l.detail ? `<br><span style="color:#6b7280">${escapeHtml(l.detail)}</span>` : ''}</td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(l.amount)}</td></tr>`).join('\n')}
<tr><td style="padding:10px 0;font-weight:bold">Total</td><td align="right" style="padding:10px 0;font-weight:bold;white-space:nowrap">${escapeHtml(m.total)}</td></tr>
</table>
${m.payments.length ? `<h2 style="font-size:15px;margin:16px 0 4px">Règlement</h2><ul style="margin:0;padding-left:18px;font-size:14px">${m.payments.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` : ''}
${m.tickets.length ? `<h2 style="font-size:15px;margin:16px 0 4px">Vos numéros de tombola</h2><ul style="margin:0;padding-left:18px;font-size:14px">${m.tickets.map((t) => `<li>${escapeHtml(t.label)} : <strong>${escapeHtml(t.numbers)}</strong></li>`).join('')}</ul>` : ''}
${m.bets.length ? `<h2 style="font-size:15px;margin:16px 0 4px">Vos paris</h2><ul style="margin:0;padding-left:18px;font-size:14px">${m.bets.map((b) => `<li>${escapeHtml(b.label)} : <strong>${escapeHtml(b.weights)}</strong></li>`).join('')}</ul>` : ''}
${m.cartons.length ? `<h2 style="font-size:15px;margin:16px 0 4px">Vos cartons de loto</h2><ul style="margin:0;padding-left:18px;font-size:14px">${m.cartons.map((c) => `<li>${escapeHtml(c.label)} : <strong>${escapeHtml(c.numbers)}</strong></li>`).join('')}</ul>` : ''}
<p style="margin:20px 0 0"><a href="${escapeHtml(m.url)}" style="color:#1d4ed8">Voir le reçu en ligne</a></p>
<p style="margin:16px 0 0">Merci pour votre soutien !</p>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${escapeHtml(PRIVACY_NOTE)}</p>
</td></tr></table>
</td></tr></table>
</body></html>
`;
  return { subject, text, html };
}

/**
 * The SMS: association, reference, total and the link — short and in the GSM alphabet when the
 * association's name allows it (fr-FR's no-break spaces become plain spaces; no « ç »).
 */
export function renderReceiptSms(sale: ReceiptSale, settings: ReceiptSettings): string {
  const text = `${settings.associationName} : merci pour votre achat ! Vente ${sale.reference}, total ${formatEuros(sale.totalCents)}. Détail : ${receiptUrl(settings, sale.reference)}`;
  return text.replace(/[\u00a0\u202f]/g, ' ');
}
