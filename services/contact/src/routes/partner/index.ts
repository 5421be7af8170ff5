import { badRequest, Router, tooManyRequests, validateBody, type Db } from '@kermesse/kit';
import { submitPartnerRequest, type PartnerSettings } from '../../commands/submitPartnerRequest.ts';
import { createRateLimiter } from '../../rateLimiter.ts';
import { partnerRequestSchema, type PartnerRequestBody } from './schema.ts';

/** SPEC §4: what the form shows once the request is sent. */
export const PARTNER_CONFIRMATION = 'Merci, votre demande a été envoyée avec succès !';

export interface PartnerRouteOptions extends PartnerSettings {
  db: Db;
  /** Called after the request is committed (wakes the delivery worker). */
  onQueued?(): void;
  /** Accepted requests per client address and window; the form is public. Default 5 per 10 min. */
  rateLimit?: { max: number; windowMs: number };
}

/** `POST /api/partner/sendByEmail` (SPEC §7), public. */
export function partnerRoutes(options: PartnerRouteOptions): Router {
  const router = new Router({ prefix: '/api/partner' });
  const limiter = createRateLimiter(options.rateLimit ?? { max: 5, windowMs: 10 * 60_000 });

  router.post('/sendByEmail', validateBody(partnerRequestSchema), async (ctx) => {
    const body = ctx.state.body as PartnerRequestBody;
    for (const field of ['entreprise', 'contact'] as const) {
      if (!body[field].trim()) throw badRequest(`Le champ « ${field} » ne doit pas être vide.`);
    }
    const retryAfter = limiter.take(ctx.ip);
    if (retryAfter) throw tooManyRequests('Trop de demandes envoyées depuis cette adresse. Réessayez dans quelques minutes.', retryAfter);
    await submitPartnerRequest(options.db, body, options);
    options.onQueued?.();
    ctx.status = 201;
    ctx.body = { success: true, message: PARTNER_CONFIRMATION };
  });

  return router;
}
