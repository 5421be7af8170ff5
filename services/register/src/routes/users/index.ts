/** docs/spec.md §7 buyers (cashier role): identify by e-mail or phone; create with both names. */
import { isUniqueViolation, type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { CreateBuyerInput, FindBuyerInput, MESSAGES, BuyerAnswer } from '@kermesse/contracts-register';
import { invalid, refused } from '../../errors.ts';
import { presentUser } from '../../presenters/persons.ts';
import { normalizeEmail, normalizePhone } from '@kermesse/contracts-common';
import { findPersonByContact, insertPerson } from '../../repositories/persons.ts';

export const NAMES_REQUIRED = MESSAGES.NAMES_REQUIRED;
export const PERSON_NOT_FOUND = MESSAGES.PERSON_NOT_FOUND;
const CASHIER = ['cashier'] as const;

/**
 * Checks and normalizes the e-mail and phone of a buyer (docs/formats.md §3); both optional, not both
 * empty. A phone is a French number an SMS reaches, so the buyer's phone can receive a receipt.
 */
function readContact(body: FindBuyerInput): { email: string | null; phone: string | null } {
  const typedEmail = (body.email ?? '').trim();
  const typedPhone = (body.phone ?? '').trim();
  if (!typedEmail && !typedPhone) throw invalid('CONTACT_REQUIRED');
  const email = typedEmail ? normalizeEmail(typedEmail) : null;
  const phone = typedPhone ? normalizePhone(typedPhone, { separators: true }) : null;
  // Refused rather than stored without the address the buyer gave.
  if (typedEmail && !email) throw invalid('EMAIL_INVALID');
  if (typedPhone && !phone) throw invalid('PHONE_INVALID');
  return { email, phone };
}

export function userRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/users/findOrCreate',
    summary: 'Trouver ou créer un client',
    responses: { 200: BuyerAnswer },
    roles: CASHIER,
    body: FindBuyerInput,
    handler: async ({ ctx, body }) => {
      const person = await findPersonByContact(db, readContact(body));
      ctx.set('Cache-Control', 'no-store');
      if (!person) {
        // docs/spec.md §7's answer shape for « nobody »: the register then offers to create the buyer.
        ctx.status = 404;
        ctx.body = { success: false, error: PERSON_NOT_FOUND, code: 'PERSON_NOT_FOUND' };
        return undefined;
      }
      return { success: true, data: { user: presentUser(person) } };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/users/create',
    summary: 'Créer un client',
    responses: { 201: BuyerAnswer },
    roles: CASHIER,
    body: CreateBuyerInput,
    status: 201,
    handler: async ({ body }) => {
      const firstname = (body.firstName ?? '').trim();
      const lastname = (body.lastName ?? '').trim();
      if (!firstname || !lastname) throw invalid('NAMES_REQUIRED');
      const contact = readContact(body);
      try {
        const person = await insertPerson(db, { firstname, lastname, ...contact });
        return { success: true, data: { user: presentUser(person) } };
      } catch (err) {
        if (isUniqueViolation(err)) throw refused('PERSON_EXISTS');
        throw err;
      }
    },
  });

  return router;
}
