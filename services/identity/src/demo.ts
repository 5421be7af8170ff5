import type { Db, Role } from '@kermesse/kit';
import { createUser } from './commands/createUser.ts';
import { findUserByEmail } from './repositories/users.ts';

/** The demo accounts of ARCHITECTURE §5. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; displayName: string; roles: Role[] }> = [
  { email: 'admin@kermesse.local', displayName: 'Administratrice', roles: ['admin'] },
  { email: 'tresorier@kermesse.local', displayName: 'Trésorier', roles: ['treasurer'] },
  { email: 'caissier@kermesse.local', displayName: 'Caissière', roles: ['cashier'] },
  { email: 'benevole@kermesse.local', displayName: 'Bénévole', roles: ['volunteer'] },
];

/** Creates the demo accounts that do not exist yet (idempotent). */
export async function seedDemo({ db, password }: { db: Db; password: string }): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    await createUser(db, { ...account, password });
  }
}
