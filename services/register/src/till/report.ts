/**
 * The Z report (« Rapport de clôture ») of a till session and the cheque deposit slip (« Bordereau de
 * remise de chèques »), as whole HTML documents printable on 80 mm thermal paper or A4 (print CSS;
 * `?format=a4`). The Z report prints the period's grand total and the journal anchor (last record's
 * number and hash), so tampering after a closing is detectable from paper.
 */
import type { Db } from '@kermesse/kit/db';
import { escapeHtml, formatEuros } from '@kermesse/contracts-common';
import { formatDate } from '../receipts/html.ts';
import { cardReconciliation, expectedOf, requireSession } from './closing.ts';
import { checkoutAndEventNames, sessionCounts } from '../repositories/tillReports.ts';
import { sessionCheques, sessionMoney, type ChequeRow, type TillAmountsCents, type TillSessionRow } from '../repositories/tillSessions.ts';

export type Paper = '80mm' | 'a4';

export interface ZReport {
  session: TillSessionRow;
  eventName: string;
  checkoutName: string;
  salesCount: number;
  heldCount: number;
  salesTotalCents: number;
  byMode: Array<{ label: string; count: number; cents: number }>;
  byCategory: Array<{ name: string; quantity: number; cents: number }>;
  donations: { count: number; cents: number };
  discountsCents: number;
  tickets: Array<{ name: string; count: number }>;
  bets: Array<{ name: string; count: number }>;
  /** Loto cartons sold in the session, per night (a pack counts its cartons). */
  cartons: Array<{ name: string; count: number }>;
  refunds: { count: number; totalCents: number; byMode: TillAmountsCents };
  expected: TillAmountsCents;
  counted: TillAmountsCents | null;
  differences: TillAmountsCents | null;
  firstReceipt: string | null;
  lastReceipt: string | null;
  grandTotalCents: number;
  journal: { seq: number | null; hash: string | null };
  cardMismatches: string[];
}

const MODE_LABELS: Record<string, string> = { ESP: 'Espèces', CHQ: 'Chèques', CB: 'Carte bancaire' };

/** Everything the Z report prints, from the session's rows (totals in cents). */
export async function loadZReport(db: Db, sessionId: number): Promise<ZReport> {
  const session = await requireSession(db, sessionId);
  const names = await checkoutAndEventNames(db, session.checkout_id);
  const money = await sessionMoney(db, session.id);
  const { byMode, byCategory, specials, tickets, bets, cartons, bounds, refundsCount } = await sessionCounts(db, session.id);
  const card = await cardReconciliation(db, session);
  const special = (kind: string) => specials.find((s) => s.kind === kind);
  const closed = session.closed_at !== null;
  return {
    session,
    eventName: names?.event_name ?? '',
    checkoutName: names?.checkout_name ?? '',
    salesCount: money.salesCount,
    heldCount: Number(bounds?.held ?? 0),
    salesTotalCents: money.salesTotalCents,
    byMode: ['ESP', 'CHQ', 'CB'].map((method) => {
      const row = byMode.find((m) => m.method === method);
      return { label: MODE_LABELS[method]!, count: row ? Number(row.count) : 0, cents: row ? Number(row.cents) : 0 };
    }),
    byCategory: byCategory.map((c) => ({ name: c.name, quantity: Number(c.quantity), cents: Number(c.cents) })),
    donations: { count: Number(special('donation')?.count ?? 0), cents: Number(special('donation')?.cents ?? 0) },
    discountsCents: Number(special('discount')?.cents ?? 0),
    tickets: tickets.map((t) => ({ name: t.name ?? `Tombola ${t.raffle_id}`, count: Number(t.count) })),
    bets: bets.map((b) => ({ name: b.name ?? `Panier garni ${b.gift_basket_id}`, count: Number(b.count) })),
    cartons: cartons.map((c) => ({ name: c.name ?? `Loto ${c.bingo_id}`, count: Number(c.count) })),
    refunds: { count: refundsCount, totalCents: money.refundsTotalCents, byMode: money.refunded },
    expected: closed && session.expected ? session.expected : expectedOf(session, money),
    counted: session.counted,
    differences: session.differences,
    firstReceipt: bounds?.first ?? null,
    lastReceipt: bounds?.last ?? null,
    grandTotalCents:
      closed && session.grand_total_cents !== null ? session.grand_total_cents : money.salesTotalCents - money.refundsTotalCents,
    journal: { seq: session.last_journal_seq, hash: session.last_journal_hash },
    cardMismatches: card.mismatches.map((m) => m.message),
  };
}

const css = (paper: Paper) => `
  @page { size: ${paper === 'a4' ? 'A4' : '80mm auto'}; margin: ${paper === 'a4' ? '15mm' : '0'}; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f4f4f2; color: #111; font: ${paper === 'a4' ? '12pt' : '13px'}/1.4 "Helvetica Neue", Arial, sans-serif; }
  .sheet { width: ${paper === 'a4' ? '180mm' : '80mm'}; max-width: 100%; margin: 0 auto; padding: ${paper === 'a4' ? '10mm' : '5mm 4mm 6mm'}; background: #fff; }
  h1 { font-size: 1.25em; margin: 0 0 2px; text-align: center; }
  h2 { font-size: 1em; margin: 10px 0 4px; border-bottom: 1px solid #111; }
  header p { margin: 0; text-align: center; }
  .muted { color: #555; }
  table { width: 100%; border-collapse: collapse; }
  th { text-align: left; font-weight: 600; }
  td, th { padding: 2px 0; vertical-align: top; }
  td.amount, th.amount { text-align: right; white-space: nowrap; padding-left: 6px; }
  tr.total td { font-weight: 700; border-top: 1px solid #111; }
  .gap { font-weight: 700; }
  .hash { font: 11px/1.3 ui-monospace, "DejaVu Sans Mono", monospace; word-break: break-all; }
  .sign { margin-top: 16px; display: flex; gap: 12px; }
  .sign div { flex: 1; border-top: 1px solid #111; padding-top: 2px; font-size: .85em; min-height: 18mm; }
  .note { font-size: .8em; color: #555; margin-top: 8px; }
  .actions { text-align: center; margin: 8px 0; }
  @media print { body { background: #fff; } .sheet { margin: 0; } .actions { display: none; } }
`;

function page(title: string, paper: Paper, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${css(paper)}</style>
</head>
<body>
<main class="sheet">
${body}
</main>
</body>
</html>`;
}

const row = (label: string, value: string, cls = '') =>
  `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="amount">${value}</td></tr>`;
const signed = (cents: number) => (cents > 0 ? `+${formatEuros(cents)}` : formatEuros(cents));

export function renderZReport(z: ZReport, paper: Paper = '80mm'): string {
  const s = z.session;
  const modes = [
    ['Espèces', 'cashCents'],
    ['Chèques', 'chequeCents'],
    ['Carte bancaire', 'cardCents'],
  ] as const;
  const closing =
    z.counted && z.differences
      ? `<h2>Comptage</h2><table><tr><th>Mode</th><th class="amount">Attendu</th><th class="amount">Compté</th><th class="amount">Écart</th></tr>
${modes.map(([label, key]) => `<tr><td>${label}</td><td class="amount">${formatEuros(z.expected[key])}</td><td class="amount">${formatEuros(z.counted![key])}</td><td class="amount${z.differences![key] ? ' gap' : ''}">${signed(z.differences![key])}</td></tr>`).join('')}
</table>${s.reason ? `<p><strong>Raison de l'écart :</strong> ${escapeHtml(s.reason)}</p>` : ''}`
      : `<h2>Attendu en caisse (session ouverte)</h2><table>${modes.map(([label, key]) => row(label, formatEuros(z.expected[key]))).join('')}</table>`;
  const categories = z.byCategory.length
    ? z.byCategory.map((c) => row(`${escapeHtml(c.name)} <span class="muted">(${c.quantity})</span>`, formatEuros(c.cents))).join('')
    : row('Aucune vente', formatEuros(0));
  const tickets = [
    ...z.tickets.map((t) => row(`Tickets — ${escapeHtml(t.name)}`, String(t.count))),
    ...z.bets.map((b) => row(`Paris — ${escapeHtml(b.name)}`, String(b.count))),
    ...z.cartons.map((c) => row(`Cartons de loto — ${escapeHtml(c.name)}`, String(c.count))),
  ];
  const body = `<header>
<h1>Rapport de clôture</h1>
<p><strong>${escapeHtml(z.eventName)}</strong></p>
<p>${escapeHtml(z.checkoutName)} — session n° ${s.id}${s.automatic ? ' (ouverte automatiquement)' : ''}</p>
<p class="muted">Ouverte le ${formatDate(new Date(s.opened_at))}</p>
<p class="muted">${s.closed_at ? `Clôturée le ${formatDate(new Date(s.closed_at))}` : 'Session encore ouverte'}</p>
</header>
<h2>Ventes</h2>
<table>
${row('Nombre de ventes', String(z.salesCount))}
${z.heldCount ? row('Dont en attente de règlement', String(z.heldCount)) : ''}
${row('Total des ventes', formatEuros(z.salesTotalCents))}
${row('Premier reçu', z.firstReceipt ? escapeHtml(z.firstReceipt) : '—')}
${row('Dernier reçu', z.lastReceipt ? escapeHtml(z.lastReceipt) : '—')}
</table>
<h2>Encaissements par mode</h2>
<table>
${z.byMode.map((m) => row(`${m.label} <span class="muted">(${m.count})</span>`, formatEuros(m.cents))).join('')}
${row("Fonds de caisse (espèces à l'ouverture)", formatEuros(s.float_cash_cents))}
</table>
<h2>Par catégorie</h2>
<table>
${categories}
${row(`Dons <span class="muted">(${z.donations.count})</span>`, formatEuros(z.donations.cents))}
${z.discountsCents ? row('Remises formule', formatEuros(z.discountsCents)) : ''}
</table>
<h2>Tickets, paris et cartons de loto</h2>
<table>${tickets.length ? tickets.join('') : row('Aucun ticket, pari ni carton', '0')}</table>
<h2>Remboursements</h2>
<table>
${row('Nombre de remboursements', String(z.refunds.count))}
${z.refunds.byMode.cashCents ? row('Espèces rendues', formatEuros(z.refunds.byMode.cashCents)) : ''}
${z.refunds.byMode.chequeCents ? row('Par chèque', formatEuros(z.refunds.byMode.chequeCents)) : ''}
${z.refunds.byMode.cardCents ? row('Par carte', formatEuros(z.refunds.byMode.cardCents)) : ''}
${row('Total remboursé', formatEuros(z.refunds.totalCents), 'total')}
</table>
${closing}
${z.cardMismatches.length ? `<h2>Rapprochement CB : écarts</h2><ul>${z.cardMismatches.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>` : ''}
<h2>Grand total de la période</h2>
<table>${row('Ventes − remboursements', formatEuros(z.grandTotalCents), 'total')}</table>
${z.journal.hash ? `<p>Journal : enregistrement n° ${z.journal.seq}<br>Empreinte :</p><p class="hash">${escapeHtml(z.journal.hash)}</p>` : ''}
<div class="sign"><div>Caissier·ère</div><div>Trésorier·ère</div></div>
<p class="note">Journal des ventes chaîné (HMAC-SHA256) : ce n'est pas une certification NF525.</p>`;
  return page(`Rapport de clôture — session ${s.id}`, paper, body);
}

export async function zReportHtml(db: Db, sessionId: number, paper: Paper): Promise<string> {
  return renderZReport(await loadZReport(db, sessionId), paper);
}

export function renderChequeSlip(
  data: { session: TillSessionRow; eventName: string; checkoutName: string; cheques: ChequeRow[] },
  paper: Paper = 'a4',
): string {
  const total = data.cheques.reduce((sum, c) => sum + c.amount_cents, 0);
  const lines = data.cheques
    .map(
      (c, i) =>
        `<tr><td>${i + 1}</td><td>${escapeHtml(c.number || '—')}</td><td class="muted">${escapeHtml(c.sale_reference)}</td><td class="amount">${formatEuros(c.amount_cents)}</td></tr>`,
    )
    .join('');
  const body = `<header>
<h1>Bordereau de remise de chèques</h1>
<p><strong>${escapeHtml(data.eventName)}</strong></p>
<p>${escapeHtml(data.checkoutName)} — session n° ${data.session.id}</p>
<p class="muted">${formatDate(new Date(data.session.closed_at ?? new Date()))}</p>
</header>
<p>Titulaire du compte : ………………………………<br>N° de compte : ………………………………</p>
<table>
<tr><th>#</th><th>N° du chèque</th><th>Vente</th><th class="amount">Montant</th></tr>
${lines || '<tr><td colspan="4">Aucun chèque.</td></tr>'}
<tr class="total"><td colspan="3">${data.cheques.length} chèque${data.cheques.length > 1 ? 's' : ''}</td><td class="amount">${formatEuros(total)}</td></tr>
</table>
<div class="sign"><div>Date et signature du remettant</div></div>`;
  return page(`Bordereau de remise de chèques — session ${data.session.id}`, paper, body);
}

export async function chequeSlipHtml(db: Db, sessionId: number, paper: Paper): Promise<string> {
  const session = await requireSession(db, sessionId);
  const names = await checkoutAndEventNames(db, session.checkout_id);
  return renderChequeSlip(
    {
      session,
      eventName: names?.event_name ?? '',
      checkoutName: names?.checkout_name ?? '',
      cheques: await sessionCheques(db, session.id),
    },
    paper,
  );
}
