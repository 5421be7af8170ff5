/**
 * Turns a single install into the first association of a hosting install (docs/hosting.md): every row
 * of a single install already belongs to SINGLE_ASSOCIATION_ID, so nothing moves — the schemas are
 * brought up to date (which seals them) and the host directory gains that association under the slug
 * chosen. Its accounts, figures, journal chain and files stay as they are; started with
 * KERMESSE_HOSTING=1 it answers on `<slug>.<domain>`, and the bare domain's first visit creates the host
 * operator.
 */
import { createDb, migrateLatest, type ServiceMigrations } from '@kermesse/kit/db';
import { HOST_CONSOLE_ID, SINGLE_ASSOCIATION_ID, withAssociation } from '@kermesse/kit/tenancy';
import { slugProblemCode } from '@kermesse/contracts-identity';
import { SERVICES } from './topology.ts';

export interface AdoptResult {
  /** False when the install was already adopted under this slug (nothing done). */
  adopted: boolean;
  slug: string;
}

export class AdoptError extends Error {}

export async function adoptSingleInstall(databaseUrl: string, slug: string, name: string): Promise<AdoptResult> {
  const problem = slugProblemCode(slug);
  if (problem === 'SLUG_INVALID')
    throw new AdoptError(
      `« ${slug} » ne convient pas : 3 à 40 lettres minuscules, chiffres ou tirets, commençant et finissant par une lettre ou un chiffre.`,
    );
  if (problem === 'SLUG_RESERVED') throw new AdoptError(`« ${slug} » est réservé par l’hébergement : choisissez un autre nom.`);
  if (!name.trim()) throw new AdoptError('Donnez le nom de l’association (--name).');
  for (const service of SERVICES) {
    const migrations = (await import(`@kermesse/${service}/migrations`)) as ServiceMigrations;
    const db = createDb(databaseUrl, { schema: migrations.schema, poolMax: 1 });
    try {
      await migrateLatest(db, migrations);
    } finally {
      await db.destroy();
    }
  }
  const identity = createDb(databaseUrl, { schema: 'identity', poolMax: 1 });
  try {
    return await withAssociation(HOST_CONSOLE_ID, async () => {
      const existing = await identity('host_associations').where({ id: SINGLE_ASSOCIATION_ID }).first<{ slug: string }>();
      if (existing?.slug === slug) return { adopted: false, slug };
      if (existing) throw new AdoptError(`Cette installation est déjà l’association « ${existing.slug} » de l’hébergement.`);
      const taken = await identity('host_associations').where({ slug }).first();
      if (taken) throw new AdoptError(`« ${slug} » est déjà pris par une autre association de l’hébergement.`);
      await identity('host_associations').insert({ id: SINGLE_ASSOCIATION_ID, slug, name: name.trim() });
      return { adopted: true, slug };
    });
  } finally {
    await identity.destroy();
  }
}
