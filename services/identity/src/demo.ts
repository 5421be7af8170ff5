import './events.ts';
import type { Role } from '@kermesse/kit/auth';
import type { Db } from '@kermesse/kit/db';
import { createUser } from './commands/createUser.ts';
import { findUserByEmail } from './repositories/users.ts';
import { HOST_CONSOLE_ID, SINGLE_ASSOCIATION_ID, withAssociation, type DemoVariant } from '@kermesse/kit/tenancy';

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

/**
 * The hosting demo (`KERMESSE_HOSTING=1` with the demo): the two associations of the host directory —
 * the school fair is the install's first association, so a single install's demo data is the same one —
 * each seeded with the demo of every service by the launcher, and the host operator's demo account.
 */
export const HOSTING_DEMO_ASSOCIATIONS = [
  { id: SINGLE_ASSOCIATION_ID, slug: 'ecole-ferry', name: 'APEL École Jules-Ferry', demo: 'school' },
  { id: '00000000-0000-4000-8000-000000000002', slug: 'comite-des-fetes', name: 'Comité des fêtes de Saint-Martin', demo: 'village' },
] as const satisfies ReadonlyArray<{ id: string; slug: string; name: string; demo: DemoVariant }>;

export const HOST_DEMO_ACCOUNT = { email: 'hebergeur@kermesse.local', firstname: 'Hébergeur', lastname: 'Démo', roles: ['host'] as Role[] };

/** The host directory's demo associations and the host operator (idempotent). */
export async function seedHostingDemo({ db, password }: { db: Db; password: string }): Promise<void> {
  await withAssociation(HOST_CONSOLE_ID, async () => {
    for (const { id, slug, name } of HOSTING_DEMO_ASSOCIATIONS)
      await db('host_associations').insert({ id, slug, name }).onConflict('slug').ignore();
    if (!(await findUserByEmail(db, HOST_DEMO_ACCOUNT.email))) await createUser(db, { ...HOST_DEMO_ACCOUNT, password });
  });
}
