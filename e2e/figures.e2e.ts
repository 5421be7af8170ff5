/**
 * Every figure agrees, on the whole system (register, accounting and NATS between them): one fair
 * with sales in cash and by cheque on two registers, a refund, and two till closings with a gap
 * (money missing on one, too much on the other). The register's dashboard net, the Z reports' grand
 * totals, « Résultat de la fête » and the Bilan des comptes then tell the same story
 * (services/accounting/README.md): net revenue = Σ grand totals = the fair's revenue; its result adds
 * the gaps; the Bilan's receipts less its expenses moved by exactly that result.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FairResult } from '@kermesse/contracts-accounting';
import type { Dashboard } from '@kermesse/contracts-register';
import type { PastSessions, SessionState } from '@kermesse/contracts-register/till';
import { eventually } from '@kermesse/kit/testing';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { gatewayOk } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin', 'tresorier', 'caissier'] });
const YEAR = new Date().getFullYear();
const cents = (euros: number) => Math.round(euros * 100);

const as =
  (account: 'admin' | 'tresorier' | 'caissier') =>
  <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    gatewayOk<T>(e2e.url, e2e.tokens[account], method, path, body, headers);

interface BilanRow {
  depenses: number;
  recettes: number;
  solde: number;
}
/** The Bilan des comptes of the year, generated from the journal now (empty while the journal is). */
async function bilanNow(): Promise<{ depenses: number; recettes: number }> {
  const treasurer = as('tresorier');
  const journal = await treasurer<{ entries: unknown[] }>('GET', `/api/admin/accountancy/journal/${YEAR}`);
  if (journal.entries.length > 0) await treasurer('POST', `/api/admin/accountancy/financial-years/${YEAR}/trial-balance`);
  const rows = await treasurer<BilanRow[]>('GET', `/api/admin/accountancy/bilan-des-comptes/${YEAR}`);
  return {
    depenses: rows.reduce((sum, r) => sum + cents(r.depenses), 0),
    recettes: rows.reduce((sum, r) => sum + cents(r.recettes), 0),
  };
}

describe('one fair, four readings', () => {
  it('gives the same net on the dashboard, the Z reports, the fair result and the Bilan, refunds and till gaps included', async () => {
    const admin = as('admin');
    const cashier = as('caissier');
    const treasurer = as('tresorier');

    // A fair of its own, copied from the demo's: its registers and products, no sale yet.
    const demo = (await admin<Array<{ id: number; name: string }>>('GET', '/api/admin/events')).find(
      (e) => e.name === 'Kermesse de printemps',
    )!;
    const today = new Date().toISOString().slice(0, 10);
    const fair = await admin<{ id: number }>('POST', `/api/admin/events/${demo.id}/duplicate`, {
      name: 'Fête des comptes',
      startsOn: today,
    });
    const [group] = await cashier<Array<{ checkouts: Array<{ id: number; name: string }> }>>('GET', `/api/cr/events/${fair.id}/checkouts`);
    const register = (name: string) => group!.checkouts.find((c) => c.name === name)!.id;
    const buvette = register('Caisse Buvette');
    const entree = register('Caisse Entrée');
    const productsOf = async (checkoutId: number) =>
      (await cashier<Array<{ products: Array<{ id: number; name: string; price: number }> }>>('GET', `/api/cr/checkouts/${checkoutId}`))[0]!
        .products;
    const catalogue = new Map([...(await productsOf(buvette)), ...(await productsOf(entree))].map((p) => [p.name, p]));
    const product = (name: string) => catalogue.get(name)!;

    // The Bilan before this fair, to read what the fair moved.
    const before = await bilanNow();

    for (const checkoutId of [buvette, entree]) {
      await cashier('POST', `/api/cr/checkouts/${checkoutId}/session/open`, { float: { cash: 20 } });
    }
    /** A sale of products of one category (no meal deal), paid in full by cash or cheque. */
    const sell = async (checkoutId: number, lines: Array<[name: string, quantity: number]>, method: 'ESP' | 'CHQ') => {
      const total = lines.reduce((sum, [name, quantity]) => sum + cents(product(name).price) * quantity, 0) / 100;
      const answer = await cashier<{ sale: { reference: string; price: number } }>(
        'POST',
        '/api/cr/sale/create',
        {
          sale: {
            checkoutId,
            eventId: fair.id,
            personId: null,
            paymentMode: method === 'ESP' ? 2 : 1,
            cart: lines.map(([name, quantity]) => ({ product: product(name), quantity })),
            payments: [{ method, amount: total, payment_reference: method === 'ESP' ? String(total) : '1234567' }],
          },
        },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(answer.sale.price).toBe(total);
      return answer.sale.reference;
    };
    const drinks = await sell(
      buvette,
      [
        ['Soda 33 cl', 2],
        ['Café', 1],
      ],
      'ESP',
    );
    await sell(buvette, [['Jus de pomme', 1]], 'CHQ');
    await sell(
      entree,
      [
        ['Pêche aux canards', 3],
        ['Maquillage', 1],
      ],
      'ESP',
    );

    // One soda handed back in cash, by a « responsable de caisse ».
    const cashierId = JSON.parse(Buffer.from(e2e.tokens.caissier.split('.')[1]!, 'base64url').toString()).sub as string;
    await admin('PUT', `/api/admin/till-managers/${cashierId}`);
    await cashier(
      'POST',
      `/api/cr/sale/${drinks}/refund`,
      { lines: [{ productId: product('Soda 33 cl').id, quantity: 1 }], reason: 'Canette percée', payment_mode: 2 },
      { 'Idempotency-Key': randomUUID() },
    );

    // The closings: 1,00 € missing in the buvette's cash, 0,50 € too many at the entrance.
    const close = async (checkoutId: number, cashGap: number) => {
      const { session } = await cashier<SessionState>('GET', `/api/cr/checkouts/${checkoutId}/session`);
      const expected = session!.expected;
      return cashier('POST', `/api/cr/checkouts/${checkoutId}/session/close`, {
        counted: { cash: (cents(expected.cash) + cents(cashGap)) / 100, cheque: expected.cheque, card: expected.card },
        reason: 'Erreur de rendu de monnaie',
      });
    };
    await close(buvette, -1);
    await close(entree, 0.5);

    // 1. The dashboard's net: what was sold less what was refunded.
    const dashboard = await treasurer<Dashboard>('GET', `/api/admin/dashboard/${fair.id}`);
    const net = cents(dashboard.totals.net);
    // 2 × 1,50 + 1,00 + 1,50 + 3 × 1,00 + 2,00 − 1,50 (prices of the demo's catalogue, read above).
    const sold = [
      ['Soda 33 cl', 2],
      ['Café', 1],
      ['Jus de pomme', 1],
      ['Pêche aux canards', 3],
      ['Maquillage', 1],
    ] as const;
    const expectedNet =
      sold.reduce((sum, [name, quantity]) => sum + cents(product(name).price) * quantity, 0) - cents(product('Soda 33 cl').price);
    expect(net).toBe(expectedNet);
    expect(dashboard.totals.refunds).toEqual({ count: 1, amount: product('Soda 33 cl').price });

    // 2. The Z reports: each closing's grand total (sales − refunds of the session), and its gap.
    const closings = (
      await Promise.all([buvette, entree].map((id) => cashier<PastSessions>('GET', `/api/cr/checkouts/${id}/sessions`)))
    ).flatMap((answer) => answer.sessions);
    expect(closings).toHaveLength(2);
    expect(closings.reduce((sum, s) => sum + cents(s.grandTotal), 0)).toBe(net);
    const gaps = closings.reduce((sum, s) => sum + cents(s.difference.cash) + cents(s.difference.cheque) + cents(s.difference.card), 0);
    expect(gaps).toBe(-50);

    // 3. « Résultat de la fête », once accounting has read every event from NATS.
    const result = await eventually(
      async () => {
        const answer = await treasurer<FairResult>('GET', `/api/admin/accountancy/events/${fair.id}/result`);
        return answer.sales === 3 && answer.revenue.refunds.count === 1 && answer.tillGaps.closings === 2 ? answer : undefined;
      },
      60_000,
      500,
    );
    expect(cents(result.revenue.total)).toBe(net);
    expect(result.revenue.byCategory.reduce((sum, c) => sum + cents(c.amount), 0)).toBe(net);
    expect(result.revenue.byPaymentMode.reduce((sum, m) => sum + cents(m.amount), 0)).toBe(net);
    expect(cents(result.tillGaps.total)).toBe(gaps);
    expect(result.tillGaps.byPaymentMode).toEqual([{ method: 'ESP', label: 'Espèces', amount: -0.5 }]);
    expect(cents(result.result)).toBe(net - cents(result.costs.total) + gaps);

    // 4. The Bilan des comptes: receipts grew by the net revenue and the excess (758), expenses by
    // the shortfall (658); its solde moved by the fair's result before prize costs (not journalled).
    const after = await bilanNow();
    expect(after.recettes - before.recettes).toBe(net + 50);
    expect(after.depenses - before.depenses).toBe(100);
    expect(after.recettes - before.recettes - (after.depenses - before.depenses)).toBe(cents(result.result) + cents(result.costs.total));

    // The treasurer reads it on a phone: the refunds already off, the gaps on their own line.
    const context = await e2e.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInThroughForm(page, 'tresorier@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/comptabilite');
    await page.goto(`/comptabilite/fete?evenement=${fair.id}`);
    const gapsTable = page.getByRole('table', { name: 'Écarts de caisse (compté − attendu aux clôtures)' });
    await gapsTable.getByRole('row', { name: /Total des écarts de caisse/ }).waitFor();
    expect((await gapsTable.getByRole('row', { name: /Total des écarts de caisse/ }).innerText()).replace(/\s+/g, ' ')).toBe(
      'Total des écarts de caisse -0,50 €',
    );
    expect((await page.locator('#fair-refunds').innerText()).replace(/\s+/g, ' ')).toBe(
      `Montants nets des remboursements : 1 remboursement (${product('Soda 33 cl').price.toFixed(2).replace('.', ',')} €) déjà déduit.`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'comptabilite-resultat-fete-ecarts.png'), fullPage: true });
    await context.close();
  }, 240_000);
});
