import type { Buyer } from '@kermesse/contracts-register';
import type { PersonRow } from '../repositories/persons.ts';

/** docs/spec.md §7: `data.user` (id, lastname, firstname, phone, email). */
export const presentUser = (p: PersonRow): Buyer => ({
  id: p.id,
  lastname: p.lastname,
  firstname: p.firstname,
  phone: p.phone ?? '',
  email: p.email ?? '',
});
