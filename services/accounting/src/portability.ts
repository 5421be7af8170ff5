/**
 * What accounting adds to an association's export (docs/hosting-portability.md): the FEC of every
 * year its journal holds, `fec/<year>.txt`, as the treasurer would download it — what the
 * association keeps for the tax administration once it leaves a host.
 */
import type { Db } from '@kermesse/kit/db';
import type { PortableDocument, ServicePortability } from '@kermesse/kit/tenancy';
import { fecOfYear } from './routes/books/index.ts';

export const accountingPortability: ServicePortability = {
  async documents(db: Db): Promise<PortableDocument[]> {
    const years = (await db('journal_entries').distinct('year').orderBy('year')) as Array<{ year: number }>;
    const documents: PortableDocument[] = [];
    for (const { year } of years) documents.push({ path: `fec/${year}.txt`, content: (await fecOfYear(db, year)).content });
    return documents;
  },
};
