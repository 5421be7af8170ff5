/**
 * HelloAsso (docs/helloasso.md): the association's API account (the secret sealed, never sent back),
 * what was imported, and « Importer les commandes HelloAsso » for a form.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { bearerToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type EventCheck } from '@kermesse/kit/http';
import { isSealed, type SecretBox } from '@kermesse/kit/secrets';
import {
  HELLOASSO_NOTIFICATION_PREFIX,
  HelloAssoImportAnswer,
  HelloAssoImportBody,
  HelloAssoNotificationAnswer,
  HelloAssoNotificationBody,
  HelloAssoNotificationParams,
  HelloAssoOverview,
  HelloAssoSettingsAnswer,
  HelloAssoSettingsInput,
  type HelloAssoSettings,
} from '@kermesse/contracts-accounting';
import { toEuros } from '@kermesse/contracts-common';
import { receiveHelloAssoNotification } from '../../commands/receiveHelloAssoNotification.ts';
import {
  helloAssoFormNotFound,
  helloAssoNotConfigured,
  helloAssoNotificationUnknown,
  helloAssoRefused,
  helloAssoUnavailable,
} from '../../errors.ts';
import { HelloAssoError, type HelloAssoTokenCache } from '../../helloasso/client.ts';
import { HelloAssoNotConfigured, pullHelloAssoForm } from '../../helloasso/pull.ts';
import {
  helloAssoPendingCents,
  listHelloAssoForms,
  listHelloAssoItems,
  listHelloAssoPayouts,
  readHelloAssoSettings,
  saveHelloAssoSettings,
  setHelloAssoNotificationSecret,
  type HelloAssoSettingsRow,
} from '../../repositories/helloasso.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy/helloasso';

const openSecret = (stored: string, secrets: SecretBox | undefined) => (isSealed(stored) && secrets ? secrets.open(stored) : stored);

const presentSettings = (row: HelloAssoSettingsRow | undefined, secrets: SecretBox | undefined): HelloAssoSettings => ({
  organizationSlug: row?.organization_slug ?? '',
  clientId: row?.client_id ?? '',
  hasSecret: Boolean(row?.client_secret),
  updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  notificationPath: row?.notification_secret ? `${HELLOASSO_NOTIFICATION_PREFIX}/${openSecret(row.notification_secret, secrets)}` : null,
});

/**
 * Whether the secret of a notification's path is the association's. Compared in constant time over
 * digests of equal length, so the time of a refusal says nothing of how much of a guess was right.
 */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function helloAssoRoutes({
  db,
  baseUrl,
  secrets,
  cache,
  events,
}: {
  db: Db;
  events: EventCheck;
  baseUrl: string;
  secrets: SecretBox | undefined;
  cache: HelloAssoTokenCache;
}): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: BASE,
    summary: 'Lire le compte HelloAsso, les commandes importées et les versements',
    responses: { 200: HelloAssoOverview },
    roles: TREASURER,
    handler: async (): Promise<HelloAssoOverview> => {
      const [settings, forms, items, payouts, pending] = await Promise.all([
        readHelloAssoSettings(db),
        listHelloAssoForms(db),
        listHelloAssoItems(db),
        listHelloAssoPayouts(db),
        helloAssoPendingCents(db),
      ]);
      return {
        settings: presentSettings(settings, secrets),
        forms: forms.map((f) => ({
          formType: f.form_type,
          formSlug: f.form_slug,
          lastPulledAt: f.last_pulled_at ? new Date(f.last_pulled_at).toISOString() : null,
          lastError: f.last_error,
          eventId: f.event_id,
        })),
        items: items.map((i) => ({
          id: i.id,
          itemId: Number(i.item_id),
          orderId: Number(i.order_id),
          formType: i.form_type,
          formSlug: i.form_slug,
          kind: i.kind,
          name: i.name,
          payer: i.payer,
          amount: toEuros(i.amount_cents),
          paidOn: i.paid_on,
          pieceRef: i.piece_ref,
          note: i.note,
          refundedOn: i.refunded_on,
          refundPieceRef: i.refund_piece_ref,
        })),
        payouts: payouts.map((p) => ({
          id: p.id,
          cashOutId: Number(p.cash_out_id),
          paidOn: p.paid_on,
          gross: toEuros(Number(p.gross_cents)),
          net: toEuros(Number(p.net_cents)),
          fees: toEuros(Number(p.fees_cents)),
          payments: p.payments,
          pieceRef: p.piece_ref,
        })),
        pending: toEuros(pending),
      };
    },
  });

  defineRoute(router, {
    method: 'put',
    path: `${BASE}/settings`,
    summary: 'Enregistrer le compte HelloAsso (le secret est chiffré et jamais renvoyé)',
    responses: { 200: HelloAssoSettingsAnswer },
    roles: TREASURER,
    body: HelloAssoSettingsInput,
    handler: async ({ body }): Promise<HelloAssoSettingsAnswer> => {
      await saveHelloAssoSettings(db, {
        organization_slug: body.organizationSlug,
        client_id: body.clientId,
        ...(body.clientSecret === undefined ? {} : { client_secret: secrets ? secrets.seal(body.clientSecret) : body.clientSecret }),
      });
      // 32 random bytes: the path is the only thing HelloAsso can present, so it must be unguessable.
      const notificationSecret = randomBytes(32).toString('base64url');
      await setHelloAssoNotificationSecret(db, secrets ? secrets.seal(notificationSecret) : notificationSecret);
      return { settings: presentSettings(await readHelloAssoSettings(db), secrets) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/import`,
    summary: "Importer les commandes et les versements d'un formulaire HelloAsso",
    responses: { 200: HelloAssoImportAnswer },
    roles: TREASURER,
    body: HelloAssoImportBody,
    errors: {
      404: ['HELLOASSO_FORM_NOT_FOUND', 'EVENT_NOT_FOUND'],
      409: ['HELLOASSO_NOT_CONFIGURED', 'HELLOASSO_REFUSED', 'YEAR_LOCKED'],
      503: ['HELLOASSO_UNAVAILABLE'],
    },
    handler: async ({ ctx, body }): Promise<HelloAssoImportAnswer> => {
      if (body.eventId) await events.require(body.eventId, bearerToken(ctx.get('Authorization')));
      try {
        return await pullHelloAssoForm(db, { baseUrl, secrets, cache }, body);
      } catch (err) {
        if (err instanceof HelloAssoNotConfigured) throw helloAssoNotConfigured();
        if (!(err instanceof HelloAssoError)) throw err;
        if (err.reason === 'refused') throw helloAssoRefused();
        if (err.reason === 'not_found') throw helloAssoFormNotFound(body.formType, body.formSlug);
        throw helloAssoUnavailable();
      }
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${HELLOASSO_NOTIFICATION_PREFIX}/:secret`,
    summary: "Recevoir une notification de HelloAsso (commande, paiement) sur l'adresse secrète de l'association",
    responses: { 200: HelloAssoNotificationAnswer },
    params: HelloAssoNotificationParams,
    body: HelloAssoNotificationBody,
    errors: { 400: ['HELLOASSO_NOTIFICATION_INVALID'], 404: ['HELLOASSO_NOTIFICATION_UNKNOWN'] },
    handler: async ({ params, body }): Promise<HelloAssoNotificationAnswer> => {
      const stored = (await readHelloAssoSettings(db))?.notification_secret;
      if (!stored || !sameSecret(params.secret, openSecret(stored, secrets))) throw helloAssoNotificationUnknown();
      return receiveHelloAssoNotification(db, body);
    },
  });

  return router;
}
