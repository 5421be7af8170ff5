import './events.ts';
import type { Role } from '@kermesse/kit/auth';
import type { Db } from '@kermesse/kit/db';
import { createUser } from './commands/createUser.ts';
import { findUserByEmail } from './repositories/users.ts';

/** The demo accounts of ARCHITECTURE §5. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; firstname: string; lastname: string; roles: Role[] }> = [
  { email: 'admin@kermesse.local', firstname: 'Administratrice', lastname: 'Démo', roles: ['admin'] },
  { email: 'tresorier@kermesse.local', firstname: 'Trésorier', lastname: 'Démo', roles: ['treasurer'] },
  { email: 'caissier@kermesse.local', firstname: 'Caissière', lastname: 'Démo', roles: ['cashier'] },
  { email: 'benevole@kermesse.local', firstname: 'Bénévole', lastname: 'Démo', roles: ['volunteer'] },
];

/** Creates the demo accounts that do not exist yet (idempotent). */
export async function seedDemo({ db, password }: { db: Db; password: string }): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    await createUser(db, { ...account, password });
  }
}
