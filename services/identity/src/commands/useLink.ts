import type { Db } from '@kermesse/kit/db';
import { consumeLink } from '../repositories/links.ts';

/** Uses up a one-time link once what it was for is done (a passkey made on the person's device). */
export async function useLink(db: Db, link: { token_hash: string }): Promise<void> {
  await db.transaction((trx) => consumeLink(trx, link.token_hash));
}
