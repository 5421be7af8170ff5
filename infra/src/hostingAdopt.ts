/**
 * Turns a single install into the first association of a hosting install (docs/hosting.md): every row
 * of a single install already belongs to SINGLE_ASSOCIATION_ID, so nothing moves — the schemas are
 * brought up to date (which seals them) and the host directory gains that association under the slug
 * chosen. Its accounts, figures and journal chain stay as they are, and its uploads (product
 * pictures, prize illustrations) move into its association's folder, where a host keeps each
 * association's files (docs/hosting-portability.md); started with
 * KERMESSE_HOSTING=1 it answers on `<slug>.<domain>`, and the bare domain's first visit creates the host
 * operator.
 */
import { createDb, migrateLatest, type ServiceMigrations } from '@kermesse/kit/db';
import path from 'node:path';
import { HOST_CONSOLE_ID, moveIntoAssociationFolder, SINGLE_ASSOCIATION_ID, withAssociation } from '@kermesse/kit/tenancy';
import { slugProblemCode } from '@kermesse/contracts-identity';
import { SERVICES } from './topology.ts';

export interface AdoptResult {
  /** False when the install was already adopted under this slug (nothing done). */
  adopted: boolean;
  slug: string;
}

export class AdoptError extends Error {}

/** The upload folders under KERMESSE_DATA_DIR (register's pictures, raffle's illustrations). */
const UPLOAD_FOLDERS = [path.join('uploads', 'products'), path.join('uploads', 'prizes')];

export async function adoptSingleInstall(
  databaseUrl: string,
  slug: string,
  name: string,
  options: { dataDir?: string } = {},
): Promise<AdoptResult> {
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
    const result = await withAssociation(HOST_CONSOLE_ID, async () => {
      const existing = await identity('host_associations').where({ id: SINGLE_ASSOCIATION_ID }).first<{ slug: string }>();
      if (existing?.slug === slug) return { adopted: false, slug };
      if (existing) throw new AdoptError(`Cette installation est déjà l’association « ${existing.slug} » de l’hébergement.`);
      const taken = await identity('host_associations').where({ slug }).first();
      if (taken) throw new AdoptError(`« ${slug} » est déjà pris par une autre association de l’hébergement.`);
      await identity('host_associations').insert({ id: SINGLE_ASSOCIATION_ID, slug, name: name.trim() });
      return { adopted: true, slug };
    });
    if (options.dataDir) {
      for (const folder of UPLOAD_FOLDERS) await moveIntoAssociationFolder(path.join(options.dataDir, folder), SINGLE_ASSOCIATION_ID);
    }
    return result;
  } finally {
    await identity.destroy();
  }
}
