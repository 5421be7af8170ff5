import { CONTACT_CONFIRMATION, ContactMessageBody, FormAnswer } from '@kermesse/contracts-contact';
import { type Db } from '@kermesse/kit/db';
import { createRateLimiter, defineRoute, Router, type RateLimit } from '@kermesse/kit/http';
import { currentAssociation } from '@kermesse/kit/tenancy';
import { submitContactMessage } from '../../commands/submitContactMessage.ts';
import { fieldEmpty, tooManyContactMessages } from '../../errors.ts';

/** `POST /api/contact {email, subject, message}`: the public contact form. */
export function contactRoutes(options: { db: Db; associationEmail: string | null; onQueued?(): void; rateLimit?: RateLimit }): Router {
  const router = new Router();
  const limiter = createRateLimiter(options.rateLimit ?? { max: 5, windowMs: 10 * 60_000 });

  defineRoute(router, {
    method: 'post',
    path: '/api/contact',
    summary: "Envoyer un message à l'association",
    responses: { 201: FormAnswer },
    body: ContactMessageBody,
    status: 201,
    handler: async ({ ctx, body }): Promise<FormAnswer> => {
      for (const field of ['subject', 'message'] as const) {
        if (!body[field].trim()) throw fieldEmpty(field);
      }
      // Per association and address (hosting): one association's visitors do not block another's.
      const retryAfter = limiter.hit(`${currentAssociation() ?? ''} ${ctx.ip}`);
      if (retryAfter) throw tooManyContactMessages(retryAfter);
      await submitContactMessage(options.db, body, options);
      options.onQueued?.();
      return { success: true, message: CONTACT_CONFIRMATION };
    },
  });

  return router;
}
