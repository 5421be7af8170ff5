import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'koa';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { escapeHtml } from '@kermesse/contracts-common';
import { ImageParams, ReceiptPageParams } from '@kermesse/contracts-register';
import { missing } from '../../errors.ts';
import { renderReceipt } from '../../receipts/html.ts';
import { loadReceiptData } from '../../receipts/load.ts';
import { normalizeReference } from '../../reference.ts';
import { findSaleByReference } from '../../repositories/sales.ts';
import { publicOrigin } from '../sales/index.ts';
import { associationFolder } from '@kermesse/kit/tenancy';

/** Product pictures shipped with the register (demo catalogue, ticket products). */
export const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'assets');

const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(png|jpe?g|webp|gif|svg)$/i;
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};
/** Pictures cannot run anything, even an SVG opened on its own. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const RECEIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

async function sendImage(ctx: Context, dirs: string[], name: string): Promise<void> {
  if (!IMAGE_NAME.test(name)) throw missing('IMAGE_NOT_FOUND');
  for (const dir of dirs) {
    const file = path.join(dir, name);
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) continue;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('Content-Security-Policy', IMAGE_CSP);
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.type = TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
    ctx.lastModified = stats.mtime;
    ctx.length = stats.size;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file);
    return;
  }
  throw missing('IMAGE_NOT_FOUND');
}

function notFoundPage(): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Reçu introuvable</title>
<style>body{font:15px/1.5 "Helvetica Neue",Arial,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f4f2;color:#222}main{background:#fff;padding:24px 28px;border-radius:8px;max-width:360px;text-align:center}</style>
</head><body><main><h1>Reçu introuvable</h1><p>${escapeHtml('Vérifiez la référence indiquée sur votre ticket de caisse.')}</p></main></body></html>`;
}

/**
 * Public paths (no token): product images `/up/{image}`, the fallback picture
 * `/icon/product404.png`, and the buyer's receipt page `/s/{reference}`. The receipt page shows what
 * was bought and paid — never a name, phone or e-mail — and asks search engines to stay away.
 */
export function publicRoutes({ db, uploadsDir, publicUrl }: { db: Db; uploadsDir?: string; publicUrl?: string }): Router {
  const router = new Router();
  // The association's own pictures (its folder with hosting), then the pictures Kermesse ships.
  const productDirs = () => [...(uploadsDir ? [associationFolder(uploadsDir)] : []), path.join(ASSETS_DIR, 'products')];

  defineRoute(router, {
    method: 'get',
    path: '/up/:image',
    summary: "Lire l'image d'un produit",
    responses: {},
    params: ImageParams,
    handler: async ({ ctx, params }) => sendImage(ctx, productDirs(), params.image),
  });
  defineRoute(router, {
    method: 'get',
    path: '/icon/:image',
    summary: "Lire l'icône d'un produit",
    responses: {},
    params: ImageParams,
    handler: async ({ ctx, params }) => sendImage(ctx, [path.join(ASSETS_DIR, 'icon')], params.image),
  });

  defineRoute(router, {
    method: 'get',
    path: '/s/:reference',
    summary: "Lire le reçu d'une vente",
    responses: {},
    params: ReceiptPageParams,
    handler: async ({ ctx, params }) => {
      const reference = normalizeReference(params.reference);
      const sale = reference ? await findSaleByReference(db, reference) : undefined;
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Security-Policy', RECEIPT_CSP);
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.type = 'text/html; charset=utf-8';
      if (!sale) {
        ctx.status = 404;
        ctx.body = notFoundPage();
        return;
      }
      ctx.body = renderReceipt(await loadReceiptData(db, sale, publicOrigin(ctx, publicUrl)));
      return undefined;
    },
  });

  return router;
}
