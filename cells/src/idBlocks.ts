/**
 * Each cell numbers its rows in a block of its own (docs/cells.md). An association moved in keeps
 * its ids (docs/hosting-portability.md « Ids and sequences »), and an import is refused whole when
 * one of them is already used in the new cell; two cells counting from 1 would collide at once.
 * Cell k (from 0) starts every sequence of every schema at k × 100,000,000 + 1: ids are 32-bit
 * (2,147,483,647), so 21 cells have a block of 100 million rows per table each — a busy
 * association sells a few thousand times a year.
 */
import pg from 'pg';

export const ID_BLOCK = 100_000_000;

/** Moves every sequence of the cell's database to the start of block `index`, never backwards. */
export async function claimIdBlock(databaseUrl: string, index: number): Promise<number> {
  if (!Number.isInteger(index) || index < 0 || (index + 1) * ID_BLOCK > 2_147_483_647)
    throw new Error(`bloc d'identifiants invalide : ${index}`);
  if (index === 0) return 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
        where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    for (const { name } of rows) {
      await client.query(`select setval($1::regclass, greatest($2::bigint, coalesce((select last_value from ${name}), 1)))`, [
        name,
        index * ID_BLOCK,
      ]);
    }
    return rows.length;
  } finally {
    await client.end();
  }
}
