/**
 * « Résultat de la fête »: one event's revenue by category and payment mode, net of its refunds, its
 * known costs by origin (prizes of raffle, gift baskets and loto as published, purchases entered), the
 * till gaps counted at the closings, and its result. Net, because the dashboard, the Z reports and
 * the Bilan are net: the same fair must show the same figure everywhere (services/accounting/README.md).
 */
import { bearerToken, type AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type EventCheck } from '@kermesse/kit/http';
import {
  accountLabel,
  COST_SOURCES,
  EventParams,
  LINE_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PurchaseInput,
  ReportQuery,
  revenueAccountOf,
  type CostSource,
  FairEventList,
  FairResult,
  type LineKind,
  type PaymentMethod,
  type Purchase,
  PurchaseAnswer,
} from '@kermesse/contracts-accounting';
import { parseEuros, toEuros } from '@kermesse/contracts-common';
import { addPurchase } from '../../commands/books.ts';
import { amountInvalid, eventNotFound } from '../../errors.ts';
import { readAccountMap } from '../../repositories/accountMap.ts';
import {
  countWrittenSales,
  findEvent,
  listEvents,
  listPurchases,
  refundsByCategory,
  refundsByMethod,
  revenueByCategory,
  revenueByMethod,
  tillGapsOf,
} from '../../repositories/fair.ts';
import { listPrizeCosts } from '../../repositories/prizeCosts.ts';
import { csvAmount, sendCsv, wantsCsv } from '../csv.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy';

const presentPurchase = (p: { id: number; label: string; account: string; amount_cents: number; purchase_date: string }): Purchase => ({
  id: p.id,
  label: p.label,
  account: p.account,
  amount: toEuros(p.amount_cents),
  date: p.purchase_date,
});

/**
 * Sold minus refunded, row by row (rows refunds alone know are kept, rows that come to 0 dropped),
 * in the sold rows' order: what the fair kept of each category or payment mode.
 */
function netOf<T extends { cents: number | string }>(sold: T[], refunded: T[], keyOf: (row: T) => string): Array<T & { cents: number }> {
  const net = new Map<string, T & { cents: number }>();
  for (const row of sold) net.set(keyOf(row), { ...row, cents: Number(row.cents) });
  for (const row of refunded) {
    const known = net.get(keyOf(row));
    net.set(keyOf(row), { ...(known ?? row), cents: (known?.cents ?? 0) - Number(row.cents) });
  }
  return [...net.values()].filter((row) => row.cents !== 0);
}

/**
 * A revenue line's name: the category, with its kind when that says more (« Tombola (Tickets de
 * tombola) »); a category already named after its kind shows the kind alone (« Dons », « Remises
 * (formule) »), never « Dons (Dons) ».
 */
function categoryLabel(category: string, kind: string): string {
  if (kind === 'product') return category;
  const kindLabel = LINE_KIND_LABELS[kind as LineKind] ?? kind;
  const bare = (text: string) => text.trim().toLocaleLowerCase('fr-FR');
  return bare(kindLabel).startsWith(bare(category)) ? kindLabel : `${category} (${kindLabel})`;
}
/**
 * A fair's result and purchases take the register's event id: an id the read model does not know yet
 * (the fair created a moment ago) is asked of the register before the French 404 (docs/platform.md
 * « Events of a fair »).
 */
export function fairRoutes({ db, events }: { db: Db; events: EventCheck }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/events`,
    summary: 'Lister les événements vus par la comptabilité',
    deprecated: 'Liste dans { events } au lieu de { items, total }.',
    responses: { 200: FairEventList },
    roles: TREASURER,
    handler: async (): Promise<FairEventList> => ({
      events: (await listEvents(db)).map((e) => ({ id: e.id, name: e.name, startsOn: e.starts_on, sales: e.sales })),
    }),
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/events/:eventId/result`,
    summary: "Lire le résultat d'une fête",
    responses: { 200: FairResult },
    roles: TREASURER,
    params: EventParams,
    query: ReportQuery,
    handler: async ({ ctx, params, query }): Promise<FairResult | undefined> => {
      await events.require(params.eventId, bearerToken(ctx.get('Authorization')));
      const event = await findEvent(db, params.eventId);
      if (!event) throw eventNotFound();
      const [map, soldByCategory, soldByMethod, refundedByCategory, refundedByMethod, gaps, purchases, sales, prizeCosts] =
        await Promise.all([
          readAccountMap(db),
          revenueByCategory(db, event.id),
          revenueByMethod(db, event.id),
          refundsByCategory(db, event.id),
          refundsByMethod(db, event.id),
          tillGapsOf(db, event.id),
          listPurchases(db, event.id),
          countWrittenSales(db, event.id),
          listPrizeCosts(db, event.id),
        ]);
      const categories = netOf(soldByCategory, refundedByCategory, (c) => `${c.category}\u0000${c.kind}`);
      const methods = netOf(soldByMethod, refundedByMethod, (m) => m.method);
      const byCategory = categories.map((c) => ({
        category: categoryLabel(c.category, c.kind),
        account: revenueAccountOf(map, { kind: c.kind as LineKind, categoryName: c.category }),
        cents: Number(c.cents),
      }));
      const revenueCents = byCategory.reduce((sum, c) => sum + c.cents, 0);
      const labelOf = (source: CostSource) => COST_SOURCES.find((c) => c.source === source)!.label;
      const prizes = prizeCosts.map((p) => ({
        source: p.source,
        label: labelOf(p.source),
        name: p.name,
        prizes: p.prizes,
        cents: Number(p.cost_cents),
      }));
      const centsBySource = (source: CostSource) =>
        source === 'purchases'
          ? purchases.reduce((sum, p) => sum + p.amount_cents, 0)
          : prizes.filter((p) => p.source === source).reduce((sum, p) => sum + p.cents, 0);
      const bySource = COST_SOURCES.map(({ source, label }) => ({ source, label, cents: centsBySource(source) }));
      const costCents = bySource.reduce((sum, c) => sum + c.cents, 0);
      const gapsByMode = (['ESP', 'CHQ', 'CB'] as const).filter((method) => gaps[method] !== 0);
      const gapCents = gaps.ESP + gaps.CHQ + gaps.CB;
      const result: FairResult = {
        event: { id: event.id, name: event.name },
        sales,
        revenue: {
          byCategory: byCategory.map((c) => ({ category: c.category, account: c.account, amount: toEuros(c.cents) })),
          byPaymentMode: methods.map((m) => ({
            method: m.method,
            label: PAYMENT_METHOD_LABELS[m.method as PaymentMethod] ?? m.method,
            amount: toEuros(Number(m.cents)),
          })),
          refunds: {
            count: refundedByMethod.reduce((sum, m) => sum + m.refunds, 0),
            amount: toEuros(refundedByMethod.reduce((sum, m) => sum + Number(m.cents), 0)),
          },
          total: toEuros(revenueCents),
        },
        costs: {
          bySource: bySource.map((c) => ({ source: c.source, label: c.label, amount: toEuros(c.cents) })),
          prizes: prizes.map((p) => ({ source: p.source, label: p.label, name: p.name, prizes: p.prizes, amount: toEuros(p.cents) })),
          purchases: purchases.map(presentPurchase),
          total: toEuros(costCents),
        },
        tillGaps: {
          closings: gaps.closings,
          byPaymentMode: gapsByMode.map((method) => ({ method, label: PAYMENT_METHOD_LABELS[method], amount: toEuros(gaps[method]) })),
          total: toEuros(gapCents),
        },
        result: toEuros(revenueCents - costCents + gapCents),
      };
      if (!wantsCsv(query)) return result;
      sendCsv(ctx, `resultat-fete-${event.id}.csv`, [
        ['Résultat de la fête', event.name],
        [],
        ['Recettes par catégorie', 'Compte', 'Montant'],
        ...result.revenue.byCategory.map((c) => [c.category, `${c.account} ${accountLabel(c.account)}`, csvAmount(c.amount)]),
        ['Remboursements déduits', '', csvAmount(-result.revenue.refunds.amount)],
        ['Total des recettes', '', csvAmount(result.revenue.total)],
        [],
        ['Encaissements par mode de paiement', '', 'Montant'],
        ...result.revenue.byPaymentMode.map((m) => [m.label, '', csvAmount(m.amount)]),
        [],
        ['Dépenses par origine', '', 'Montant'],
        ...result.costs.bySource.map((c) => [c.label, '', csvAmount(c.amount)]),
        ['Total des dépenses', '', csvAmount(result.costs.total)],
        [],
        ['Lots', 'Origine', 'Montant'],
        ...result.costs.prizes.map((p) => [`${p.name} (${p.prizes} lot${p.prizes > 1 ? 's' : ''})`, p.label, csvAmount(p.amount)]),
        [],
        ['Achats saisis', 'Compte', 'Montant'],
        ...result.costs.purchases.map((p) => [p.label, `${p.account} ${accountLabel(p.account)}`, csvAmount(p.amount)]),
        [],
        ['Écarts de caisse (compté − attendu)', '', 'Montant'],
        ...result.tillGaps.byPaymentMode.map((m) => [m.label, '', csvAmount(m.amount)]),
        ['Total des écarts de caisse', '', csvAmount(result.tillGaps.total)],
        [],
        ['Résultat', '', csvAmount(result.result)],
      ]);
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/events/:eventId/purchases`,
    summary: 'Enregistrer un achat de la fête',
    deprecated: 'Création enveloppée dans { purchase } au lieu de l’objet au premier niveau.',
    responses: { 201: PurchaseAnswer },
    roles: TREASURER,
    params: EventParams,
    body: PurchaseInput,
    status: 201,
    handler: async ({ ctx, params, body, user }): Promise<{ purchase: Purchase }> => {
      const cents = parseEuros(body.amount);
      if (cents === null || cents <= 0) throw amountInvalid('amount');
      await events.require(params.eventId, bearerToken(ctx.get('Authorization')));
      const purchase = await addPurchase(db, {
        eventId: params.eventId,
        label: body.label,
        amountCents: cents,
        account: body.account,
        date: body.date,
        createdBy: (user as AuthUser).email ?? null,
      });
      return { purchase: presentPurchase(purchase) };
    },
  });

  return router;
}
