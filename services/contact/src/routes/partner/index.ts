import { PARTNER_CONFIRMATION, PartnerRequestBody, FormAnswer } from '@kermesse/contracts-contact';
import { type Db } from '@kermesse/kit/db';
import { createRateLimiter, defineRoute, Router, type RateLimit } from '@kermesse/kit/http';
import { currentAssociation } from '@kermesse/kit/tenancy';
import { submitPartnerRequest, type PartnerSettings } from '../../commands/submitPartnerRequest.ts';
import { fieldEmpty, tooManyPartnerRequests } from '../../errors.ts';

export interface PartnerRouteOptions extends PartnerSettings {
  db: Db;
  /** Called after the request is committed (wakes the delivery worker). */
  onQueued?(): void;
  /** Accepted requests per client address and window; the form is public. Default 5 per 10 min. */
  rateLimit?: RateLimit;
}

/** `POST /api/partner/sendByEmail` (docs/spec.md §7), public. */
export function partnerRoutes(options: PartnerRouteOptions): Router {
  const router = new Router();
  const limiter = createRateLimiter(options.rateLimit ?? { max: 5, windowMs: 10 * 60_000 });

  defineRoute(router, {
    method: 'post',
    path: '/api/partner/sendByEmail',
    summary: 'Envoyer le formulaire partenaire par e-mail',
    responses: { 201: FormAnswer },
    body: PartnerRequestBody,
    status: 201,
    handler: async ({ ctx, body }): Promise<FormAnswer> => {
      for (const field of ['entreprise', 'contact'] as const) {
        if (!body[field].trim()) throw fieldEmpty(field);
      }
      // Per association and address (hosting): one association's visitors do not block another's.
      const retryAfter = limiter.hit(`${currentAssociation() ?? ''} ${ctx.ip}`);
      if (retryAfter) throw tooManyPartnerRequests(retryAfter);
      await submitPartnerRequest(options.db, body, options);
      options.onQueued?.();
      return { success: true, message: PARTNER_CONFIRMATION };
    },
  });

  return router;
}
