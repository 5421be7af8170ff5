/** docs/spec.md §7 buyers (cashier role): identify by e-mail or phone; create with both names. */
import { isUniqueViolation, type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { CreateBuyerInput, FindBuyerInput, MESSAGES, BuyerAnswer } from '@kermesse/contracts-register';
import { invalid, refused } from '../../errors.ts';
import { presentUser } from '../../presenters/persons.ts';
import { findPersonByContact, insertPerson, normalizeEmail, normalizePhone } from '../../repositories/persons.ts';

export const NAMES_REQUIRED = MESSAGES.NAMES_REQUIRED;
export const PERSON_NOT_FOUND = MESSAGES.PERSON_NOT_FOUND;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]{6,15}$/;
const CASHIER = ['cashier'] as const;

/** Checks and normalizes the e-mail and phone of a buyer; both optional, not both empty. */
function readContact(body: FindBuyerInput): { email: string | null; phone: string | null } {
  const email = normalizeEmail(body.email);
  const phone = normalizePhone(body.phone);
  // « abc » normalizes to nothing: refuse it rather than store a buyer without the phone they gave.
  if ((body.phone ?? '').trim() && !phone?.replace('+', '')) throw invalid('PHONE_INVALID');
  if (!email && !phone) throw invalid('CONTACT_REQUIRED');
  if (email && !EMAIL.test(email)) throw invalid('EMAIL_INVALID');
  if (phone && !PHONE.test(phone)) throw invalid('PHONE_INVALID');
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
