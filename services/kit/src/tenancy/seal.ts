/**
 * Seals a service's schema by association (docs/hosting.md). After every migration run, each table
 * gets an `association_id` (existing rows: the install's one association), row-level security
 * enabled and forced, and one policy: a row is seen and written only when its association is the
 * one set for the transaction (`kermesse.association`, set by the kit's database layer). The run-time
 * role gets its grants here, so a table added by a later migration is sealed and reachable without
 * anyone remembering to.
 */
import type { Knex } from 'knex';
import { ASSOCIATION_SETTING, SINGLE_ASSOCIATION_ID } from './association.ts';
import { RELAY_ROLE, appRoleFor } from './roles.ts';

/** Tables that hold no association's data: knex's own bookkeeping. */
const UNSEALED = new Set(['knex_migrations', 'knex_migrations_lock']);

/** The association set for the current transaction, as a uuid (null when none: no row matches). */
export const CURRENT_ASSOCIATION_SQL = `nullif(current_setting('${ASSOCIATION_SETTING}', true), '')::uuid`;

export interface SealOptions {
  /** The run-time roles' password (appRolePassword), set when a role is created. */
  password?: string;
  /** Tables whose rows are never updated or deleted by the service (the till law's records). */
  appendOnly?: readonly string[];
  /** Tables never deleted from, and updated in these columns only. */
  updatableColumns?: Readonly<Record<string, readonly string[]>>;
}

async function tablesOf(knex: Knex, schema: string): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: Array<{ name: string }> }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and c.relkind in ('r', 'p') order by 1`,
    [schema],
  );
  return rows.map((r) => r.name).filter((name) => !UNSEALED.has(name));
}

/**
 * Adds `association_id` to every table of the schema that lacks it. A migration that rebuilds a
 * unique key per association calls this first (on a fresh database the sealing runs after it).
 */
export async function addAssociationColumns(knex: Knex, schema: string): Promise<void> {
  for (const table of await tablesOf(knex, schema)) {
    const has = await knex.raw<{ rows: unknown[] }>(
      `select 1 from information_schema.columns where table_schema = ? and table_name = ? and column_name = 'association_id'`,
      [schema, table],
    );
    if (has.rows.length) continue;
    await knex.raw(`alter table ??.?? add column association_id uuid not null default '${SINGLE_ASSOCIATION_ID}'`, [schema, table]);
    await knex.raw(`alter table ??.?? alter column association_id set default ${CURRENT_ASSOCIATION_SQL}`, [schema, table]);
  }
}

/** Creates a role once for the whole Postgres server (roles are shared by every database). */
async function ensureRole(knex: Knex, role: string, password: string | undefined): Promise<void> {
  await knex.transaction(async (trx) => {
    // Test files migrate in parallel: one creates the role, the others wait and find it.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`kermesse role ${role}`]);
    const found = await trx.raw<{ rows: unknown[] }>('select 1 from pg_roles where rolname = ?', [role]);
    if (!found.rows.length) await trx.raw('create role ?? login nosuperuser nobypassrls', [role]);
    if (password) await trx.raw(`alter role ?? password '${password.replace(/'/g, "''")}'`, [role]);
  });
}

/** True when every table is already sealed and granted: a restart then takes no table lock at all. */
async function alreadySealed(knex: Knex, schema: string, app: string): Promise<boolean> {
  const role = await knex.raw<{ rows: unknown[] }>('select 1 from pg_roles where rolname = ?', [app]);
  if (!role.rows.length) return false;
  const { rows } = await knex.raw<{ rows: Array<{ open: number }> }>(
    `select count(*) as open from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and c.relkind in ('r', 'p') and c.relname not in ('knex_migrations', 'knex_migrations_lock')
        and (not c.relrowsecurity or not c.relforcerowsecurity
          or not exists (select 1 from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = 'association_rows')
          or not has_table_privilege(?, c.oid, 'select'))`,
    [schema, app],
  );
  return Number(rows[0]?.open) === 0;
}

export async function sealSchema(knex: Knex, schema: string, options: SealOptions = {}): Promise<void> {
  const app = appRoleFor(schema);
  if (!(await alreadySealed(knex, schema, app))) await sealTables(knex, schema, app, options.password);
  for (const table of options.appendOnly ?? []) await knex.raw('revoke update, delete, truncate on ??.?? from ??', [schema, table, app]);
  for (const [table, columns] of Object.entries(options.updatableColumns ?? {})) {
    // A column-level grant does not narrow a table-level one: the table's UPDATE goes first.
    await knex.raw('revoke update, delete, truncate on ??.?? from ??', [schema, table, app]);
    await knex.raw(`grant update (${columns.map(() => '??').join(', ')}) on ??.?? to ??`, [...columns, schema, table, app]);
  }
}

async function sealTables(knex: Knex, schema: string, app: string, password: string | undefined): Promise<void> {
  await ensureRole(knex, app, password);
  await ensureRole(knex, RELAY_ROLE, password);
  await addAssociationColumns(knex, schema);
  const policies = await knex.raw<{ rows: Array<{ table: string; name: string }> }>(
    'select tablename as table, policyname as name from pg_policies where schemaname = ?',
    [schema],
  );
  const has = (table: string, name: string) => policies.rows.some((p) => p.table === table && p.name === name);
  for (const table of await tablesOf(knex, schema)) {
    await knex.raw('alter table ??.?? enable row level security', [schema, table]);
    await knex.raw('alter table ??.?? force row level security', [schema, table]);
    if (!has(table, 'association_rows'))
      await knex.raw(
        `create policy association_rows on ??.?? using (association_id = ${CURRENT_ASSOCIATION_SQL}) with check (association_id = ${CURRENT_ASSOCIATION_SQL})`,
        [schema, table],
      );
  }
  if (!has('outbox', 'relay_publishes'))
    await knex.raw('create policy relay_publishes on ??.outbox to ?? using (true)', [schema, RELAY_ROLE]);
  await knex.raw('grant usage on schema ?? to ??, ??', [schema, app, RELAY_ROLE]);
  await knex.raw('grant select, insert, update, delete on all tables in schema ?? to ??', [schema, app]);
  await knex.raw('grant usage, select, update on all sequences in schema ?? to ??', [schema, app]);
  await knex.raw('grant execute on all functions in schema ?? to ??', [schema, app]);
  await knex.raw('grant select, update, delete on ??.outbox to ??', [schema, RELAY_ROLE]);
  await knex.raw('revoke insert, update, delete on ??.knex_migrations, ??.knex_migrations_lock from ??', [schema, schema, app]);
}
