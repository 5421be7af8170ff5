import { badRequest, conflict, isUniqueViolation, notFound, requireRole, Router, validateBody, type Db } from '@kermesse/kit';
import { presentUser } from '../../presenters/persons.ts';
import { findPersonByContact, insertPerson, normalizeEmail, normalizePhone } from '../../repositories/persons.ts';
import { createUserSchema, findOrCreateSchema, type CreateUserBody, type FindOrCreateBody } from './schema.ts';

export const NAMES_REQUIRED = 'Le prénom et le nom sont obligatoires.';
export const PERSON_NOT_FOUND = 'Aucune personne ne correspond à cet e-mail ou ce téléphone.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]{6,15}$/;

/** Checks and normalizes the e-mail and phone of a buyer; both optional, not both empty. */
function readContact(body: FindOrCreateBody): { email: string | null; phone: string | null } {
  const email = normalizeEmail(body.email);
  const phone = normalizePhone(body.phone);
  // « abc » normalizes to nothing: refuse it rather than store a buyer without the phone they gave.
  if ((body.phone ?? '').trim() && !phone?.replace('+', '')) throw badRequest("Le numéro de téléphone n'est pas valide.");
  if (!email && !phone) throw badRequest('Saisissez un e-mail ou un numéro de téléphone.');
  if (email && !EMAIL.test(email)) throw badRequest("L'adresse e-mail n'est pas valide.");
  if (phone && !PHONE.test(phone)) throw badRequest("Le numéro de téléphone n'est pas valide.");
  return { email, phone };
}

/** SPEC §7 buyers: identify by e-mail or phone; create with both names. */
export function userRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/cr/users' });
  router.use(requireRole('cashier'));

  router.post('/findOrCreate', validateBody(findOrCreateSchema), async (ctx) => {
    const person = await findPersonByContact(db, readContact(ctx.state.body as FindOrCreateBody));
    ctx.set('Cache-Control', 'no-store');
    if (!person) {
      ctx.status = 404;
      ctx.body = { success: false, error: PERSON_NOT_FOUND };
      return;
    }
    ctx.body = { success: true, data: { user: presentUser(person) } };
  });

  router.post('/create', validateBody(createUserSchema), async (ctx) => {
    const body = ctx.state.body as CreateUserBody;
    const firstname = (body.firstName ?? '').trim();
    const lastname = (body.lastName ?? '').trim();
    if (!firstname || !lastname) throw badRequest(NAMES_REQUIRED);
    const contact = readContact(body);
    try {
      const person = await insertPerson(db, { firstname, lastname, ...contact });
      ctx.status = 201;
      ctx.body = { success: true, data: { user: presentUser(person) } };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Une personne avec cet e-mail existe déjà : identifiez-la.');
      throw err;
    }
  });

  return router;
}
