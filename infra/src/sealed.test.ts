/**
 * Sealed by association in the database itself (docs/hosting.md): every service's schema migrated and
 * its demo seeded, then each service's run-time role is checked as Postgres sees it — it owns nothing,
 * cannot bypass row-level security, and without an association set reads no row of any table, while
 * with the install's association it reads the demo. Every unique key either includes the association
 * or is on a value that is unique across the whole installation by construction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDb, migrateLatest, type ServiceMigrations } from '@kermesse/kit/db';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { appRoleFor, SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';
import { SERVICES } from './topology.ts';

let database: TestDatabase;
const schemas: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const name of SERVICES) {
    const service = (await import(`@kermesse/${name}/migrations`)) as ServiceMigrations;
    const { seedDemo } = (await import(`@kermesse/${name}/demo`)) as {
      seedDemo(deps: { db: ReturnType<typeof createDb>; password: string }): Promise<unknown>;
    };
    const db = createDb(database.url, { schema: service.schema, poolMax: 2 });
    try {
      await migrateLatest(db, service);
      await seedDemo({ db, password: 'mot-de-passe-de-demo' });
    } finally {
      await db.destroy();
    }
    schemas.push(service.schema);
  }
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

async function asRole<T>(role: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(database.url);
  url.username = role;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tablesOf(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p') and c.relname not like 'knex_migrations%' order by 1`,
    [schema],
  );
  return rows.map((r) => r.name);
}

describe('every service schema, sealed by association', () => {
  it('connects each service as a role that owns no table and cannot bypass row-level security', async () => {
    await asRole('postgres', async (client) => {
      for (const schema of schemas) {
        const role = appRoleFor(schema);
        const { rows } = await client.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
          'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
          [role],
        );
        expect(rows, role).toEqual([{ rolsuper: false, rolbypassrls: false }]);
        const owned = await client.query(
          `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = $1 and pg_get_userbyid(c.relowner) = $2`,
          [schema, role],
        );
        expect(owned.rows, `${role} owns tables`).toEqual([]);
        const open = await client.query(
          `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = $1 and c.relkind in ('r', 'p') and c.relname not like 'knex_migrations%'
              and not (c.relrowsecurity and c.relforcerowsecurity)`,
          [schema],
        );
        expect(open.rows, `${schema}: tables without forced row-level security`).toEqual([]);
      }
    });
  });

  it('gives the register’s role no right to change or delete what the till law keeps, only to settle a sale on hold', async () => {
    await asRole('postgres', async (client) => {
      const may = async (privilege: string, table: string, column?: string) =>
        (
          await client.query<{ ok: boolean }>(
            column
              ? 'select has_column_privilege($1::text, $2::text, $3::text, $4::text) as ok'
              : 'select has_table_privilege($1::text, $2::text, $3::text) as ok',
            column ? ['kermesse_register', `register.${table}`, column, privilege] : ['kermesse_register', `register.${table}`, privilege],
          )
        ).rows[0]!.ok;
      for (const table of ['journal', 'sale_lines', 'payments', 'refunds', 'closings', 'event_log']) {
        expect(await may('update', table), table).toBe(false);
        expect(await may('delete', table), table).toBe(false);
        expect(await may('insert', table), table).toBe(true);
      }
      expect(await may('delete', 'sales')).toBe(false);
      expect(await may('update', 'sales', 'total_cents')).toBe(false);
      expect(await may('update', 'sales', 'paid_cents')).toBe(true);
      expect(await may('update', 'till_sessions', 'opened_at')).toBe(false);
      expect(await may('update', 'till_sessions', 'closed_at')).toBe(true);
    });
  });

  it('shows no row of any table to a service role that has not set its association', async () => {
    for (const schema of schemas) {
      await asRole(appRoleFor(schema), async (client) => {
        for (const table of await tablesOf(client, schema)) {
          const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${schema}"."${table}"`);
          expect(Number(rows[0]!.n), `${schema}.${table}`).toBe(0);
        }
      });
    }
  });

  it('shows the install association its demo rows once it is set, and refuses to write another association', async () => {
    let seen = 0;
    for (const schema of schemas) {
      await asRole(appRoleFor(schema), async (client) => {
        await client.query('begin');
        await client.query(`select set_config('kermesse.association', $1, true)`, [SINGLE_ASSOCIATION_ID]);
        for (const table of await tablesOf(client, schema)) {
          const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${schema}"."${table}"`);
          seen += Number(rows[0]!.n);
        }
        await client.query('commit');
      });
    }
    expect(seen).toBeGreaterThan(50);
    await asRole(appRoleFor('register'), async (client) => {
      await client.query('begin');
      await client.query(`select set_config('kermesse.association', $1, true)`, [SINGLE_ASSOCIATION_ID]);
      const other = '11111111-1111-4111-8111-111111111111';
      await expect(
        client.query(`insert into register.settings (key, value, association_id) values ('x', '1', $1)`, [other]),
      ).rejects.toThrow(/row-level security/);
      await client.query('rollback');
    });
  });
});
