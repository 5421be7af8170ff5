/**
 * The staff a test of the identity service signs in with, one account per role, made through the
 * service's own `createUser` — not the demo seed, so that a test does not change when the demo does.
 */
import type { Role } from '@kermesse/kit/auth';
import type { Db } from '@kermesse/kit/db';
import { createUser } from './commands/createUser.ts';

export const STAFF: ReadonlyArray<{ email: string; firstname: string; lastname: string; roles: Role[] }> = [
  { email: 'admin@kermesse.local', firstname: 'Administratrice', lastname: 'Démo', roles: ['admin'] },
  { email: 'tresorier@kermesse.local', firstname: 'Trésorier', lastname: 'Démo', roles: ['treasurer'] },
  { email: 'caissier@kermesse.local', firstname: 'Caissière', lastname: 'Démo', roles: ['cashier'] },
  { email: 'benevole@kermesse.local', firstname: 'Bénévole', lastname: 'Démo', roles: ['volunteer'] },
];

/** Creates the four staff accounts with `password`. */
export async function givenStaff(db: Db, password: string): Promise<void> {
  for (const account of STAFF) await createUser(db, { ...account, password });
}
