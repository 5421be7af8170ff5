/**
 * What the technical event log records of the register's own routes (docs/compliance/conditions.md
 * §5–6): changes of prices, products, categories, the meal deal, registers and the « responsable de
 * caisse » right; till openings and closings; and the duplicates — a receipt printed again (the
 * original is in the sale's answer) and a Z report printed again after its closing screen. A router
 * placed before the others: it notes what a change replaces, lets the route run, and logs once the
 * route answered 2xx with who did it. A duplicate's page is marked « Duplicata n° N ».
 */
import type { Context, Next } from 'koa';
import { formatEuros } from '@kermesse/contracts-common';
import { PG_INTEGER_MAX } from '@kermesse/contracts-common/schemas';
import type { Db } from '@kermesse/kit/db';
import { Router } from '@kermesse/kit/http';
import { lockEventLogHead, logEvent, type EventLogKind } from './eventLog.ts';

/** A Z report printed this long after its closing is a reprint (the closing screen shows and prints it at once). */
export const REPORT_ORIGINAL_MS = 10 * 60_000;

type Body = Record<string, unknown> | undefined;

const actorOf = (ctx: Context): string => {
  const user = ctx.state.user as { id: string; email?: string } | undefined;
  return user?.email || user?.id || 'inconnu';
};
const ok = (ctx: Context) => ctx.status >= 200 && ctx.status < 300;
/**
 * The `:id` of a change, read before the route validates it: an id no row can have (« 99999999999999999999 »,
 * « abc ») reads as 0, so that the route answers its own French 400 or 404 — never Postgres's
 * « integer out of range » as a 500.
 */
const idOf = (ctx: Context): number => {
  const id = Number(ctx.params.id);
  return Number.isInteger(id) && id > 0 && id <= PG_INTEGER_MAX ? id : 0;
};
const euros = (value: unknown) => (typeof value === 'number' ? formatEuros(Math.round(value * 100)) : '?');

/** Marks a printable page as a duplicate, under its opening tag. */
export function markDuplicate(html: string, n: number): string {
  const banner = `<p style="text-align:center;font-weight:bold;font-size:1.2em;border:2px solid #000;padding:2mm;margin:0 0 3mm">Duplicata n° ${n}</p>`;
  return /<body[^>]*>/.test(html) ? html.replace(/<body[^>]*>/, (tag) => `${tag}\n${banner}`) : banner + html;
}

export function auditTrailRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  /** Runs the route, then logs what `describe` says of its 2xx answer. */
  const after =
    (
      kind: EventLogKind | ((ctx: Context, before: unknown) => EventLogKind),
      describe: (ctx: Context, before: unknown) => string,
      read?: (ctx: Context) => Promise<unknown>,
    ) =>
    async (ctx: Context, next: Next) => {
      const before = read ? await read(ctx) : undefined;
      await next();
      if (!ok(ctx)) return;
      await logEvent(db, {
        kind: typeof kind === 'function' ? kind(ctx, before) : kind,
        actor: actorOf(ctx),
        summary: describe(ctx, before),
        payload: { method: ctx.method, path: ctx.path, before: before ?? null },
      });
    };

  const product = (ctx: Context) =>
    db('products')
      .where({ id: idOf(ctx) })
      .first('name', 'price_cents', 'active');
  const checkout = (ctx: Context) =>
    db('checkouts')
      .where({ id: idOf(ctx) })
      .first('name');

  router.post(
    '/api/admin/products',
    after('product.changed', (ctx) => {
      const body = ctx.body as Body;
      return `Produit « ${String(body?.name)} » créé à ${euros(body?.price)}.`;
    }),
  );
  router.put(
    '/api/admin/products/:id',
    after(
      (ctx, before) =>
        (before as { price_cents?: number } | undefined)?.price_cents !== Math.round(Number((ctx.body as Body)?.price) * 100)
          ? 'price.changed'
          : 'product.changed',
      (ctx, before) => {
        const was = before as { name: string; price_cents: number } | undefined;
        const body = ctx.body as Body;
        const price = Math.round(Number(body?.price) * 100);
        return was && was.price_cents !== price
          ? `Prix de « ${String(body?.name)} » : ${formatEuros(was.price_cents)} → ${formatEuros(price)}.`
          : `Produit « ${String(body?.name ?? was?.name)} » modifié.`;
      },
      product,
    ),
  );
  router.delete(
    '/api/admin/products/:id',
    after(
      'product.changed',
      (ctx, before) =>
        `Produit « ${String((before as { name?: string } | undefined)?.name)} » ${(ctx.body as Body)?.deactivated ? 'désactivé (il a des ventes)' : 'supprimé'}.`,
      product,
    ),
  );
  router.post('/api/admin/products/import', async (ctx, next) => {
    await next();
    const body = ctx.body as Body;
    if (!ok(ctx) || body?.status !== 'ok') return;
    await logEvent(db, {
      kind: 'product.changed',
      actor: actorOf(ctx),
      summary: `Import de produits : ${String(body.created)} créé(s), ${String(body.updated)} mis à jour.`,
      payload: { created: body.created, updated: body.updated },
    });
  });
  for (const [method, path, verb] of [
    ['post', '/api/admin/categories', 'créée'],
    ['put', '/api/admin/categories/:id', 'modifiée'],
    ['delete', '/api/admin/categories/:id', 'supprimée'],
  ] as const) {
    router[method](
      path,
      after('product.changed', (ctx) => `Catégorie « ${String((ctx.body as Body)?.name ?? ctx.params.id)} » ${verb}.`),
    );
  }
  router.put(
    '/api/admin/events/:id/meal-deal',
    after('mealdeal.changed', (ctx) => {
      const body = ctx.body as Body;
      const items = Array.isArray(body?.items) ? body.items.length : 0;
      return `Formule de l'événement n° ${ctx.params.id} : ${euros(body?.discount)} de remise par formule, ${items} catégorie(s).`;
    }),
  );
  router.post(
    '/api/admin/events/:eventId/checkouts',
    after('register.changed', (ctx) => `Caisse « ${String((ctx.body as Body)?.name)} » créée.`),
  );
  router.put(
    '/api/admin/checkout/:id',
    after(
      'register.changed',
      (ctx, before) => {
        const body = ctx.body as Body;
        const was = (before as { name?: string } | undefined)?.name;
        return `Caisse « ${String(body?.name ?? was)} » modifiée${was && body?.name && was !== body.name ? ` (anciennement « ${was} »)` : ''}${body?.archived ? ', archivée' : ''}.`;
      },
      checkout,
    ),
  );
  router.delete(
    '/api/admin/checkout/:id',
    after(
      'register.changed',
      (_ctx, before) => `Caisse « ${String((before as { name?: string } | undefined)?.name)} » archivée.`,
      checkout,
    ),
  );
  router.put(
    '/api/admin/till-managers/:userId',
    after('account.changed', (ctx) => `Droit de responsable de caisse donné au compte ${ctx.params.userId}.`),
  );
  router.delete(
    '/api/admin/till-managers/:userId',
    after('account.changed', (ctx) => `Droit de responsable de caisse retiré au compte ${ctx.params.userId}.`),
  );
  router.post(
    '/api/cr/checkouts/:checkoutId/session/open',
    after('till.opened', (ctx) => {
      const session = (ctx.body as { session?: { id?: number; float?: { cash?: number } } } | undefined)?.session;
      return `Session de caisse n° ${String(session?.id)} ouverte sur la caisse n° ${ctx.params.checkoutId}, fond de caisse ${euros(session?.float?.cash)}.`;
    }),
  );
  router.post(
    '/api/cr/checkouts/:checkoutId/session/close',
    after('till.closed', (ctx) => {
      const body = ctx.body as { sessionId?: number; grandTotal?: number; difference?: { cash?: number } } | undefined;
      return `Session de caisse n° ${String(body?.sessionId)} clôturée sur la caisse n° ${ctx.params.checkoutId} : total ${euros(body?.grandTotal)}, écart en espèces ${euros(body?.difference?.cash)}.`;
    }),
  );

  /** Numbers the duplicate and logs it, under the log's lock so two reprints never share a number. */
  const duplicate = async (ctx: Context, document: 'receipt' | 'z-report', reference: string, label: string) => {
    const n = await db.transaction(async (trx) => {
      await lockEventLogHead(trx);
      const [row] = await trx('event_log')
        .where({ kind: 'duplicate.printed' })
        .whereRaw(`payload::jsonb ->> 'document' = ? and payload::jsonb ->> 'reference' = ?`, [document, reference])
        .count<{ n: string }[]>({ n: '*' });
      const number = Number(row?.n ?? 0) + 1;
      await logEvent(trx, {
        kind: 'duplicate.printed',
        actor: actorOf(ctx),
        summary: `Duplicata n° ${number} ${label}.`,
        payload: { document, reference, number },
      });
      return number;
    });
    if (typeof ctx.body === 'string') ctx.body = markDuplicate(ctx.body, n);
  };

  router.get('/api/cr/order/:reference/print', async (ctx, next) => {
    await next();
    if (ok(ctx)) await duplicate(ctx, 'receipt', String(ctx.params.reference), `du reçu de la vente ${String(ctx.params.reference)}`);
  });
  router.get('/api/cr/session/:sessionId/report', async (ctx, next) => {
    await next();
    if (!ok(ctx)) return;
    const session = await db('till_sessions')
      .where({ id: Number(ctx.params.sessionId) || 0 })
      .first('closed_at');
    if (!session?.closed_at || Date.now() - new Date(session.closed_at).getTime() < REPORT_ORIGINAL_MS) return;
    await duplicate(
      ctx,
      'z-report',
      String(ctx.params.sessionId),
      `du rapport de clôture de la session n° ${String(ctx.params.sessionId)}`,
    );
  });

  return router;
}
