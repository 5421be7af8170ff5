/**
 * The directory of cells (docs/cells.md): which cell serves each association's host, and the cells
 * with their gateway's address and capacity. It is a few hundred rows in one Postgres schema
 * (`cells`), read by the router through a short-lived cache: a lookup per request would put the
 * directory's database on the path of every sale. A change (a new association, a move) is
 * announced with NOTIFY so every router forgets its cached answer at once; without the
 * notification, the cache's TTL bounds how long an old answer lives.
 */
import pg from 'pg';

/** One installation of Kermesse (services, gateway, its Postgres, its NATS) hosting many associations. */
export interface Cell {
  name: string;
  /** Its gateway, as the router reaches it (`http://10.0.1.5:8080`). */
  url: string;
  /** How many associations it is sized for: placement weighs each cell's count by it. */
  capacity: number;
  /**
   * Its identity service, reached directly (not through the gateway) for an association's export and
   * import, which may outlast the gateway's 30 s response time (docs/cells.md); optional.
   */
  consoleUrl?: string | null;
}

/**
 * Where an association lives. `placing` while its creation runs in the cell (the slug is held but
 * its host answers 404 until the cell said 201); `moving` while it is copied to another cell (its
 * host is read-only).
 */
export type PlacementState = 'placing' | 'active' | 'moving';

export interface Placement {
  slug: string;
  cell: string;
  state: PlacementState;
  /** When the state began (the read-only time of a move is counted from it). */
  since: Date;
}

export interface DirectoryOptions {
  /** How long a cached answer is used without asking Postgres again (ms, default 5 s). */
  ttlMs?: number;
  now?: () => number;
}

export interface Directory {
  /** Creates the schema (idempotent; run by every router at start). */
  migrate(): Promise<void>;
  /** Adds a cell or changes its address and capacity. */
  saveCell(cell: Cell): Promise<void>;
  cells(): Promise<Cell[]>;
  /**
   * Where a slug lives, from the cache when fresh. When Postgres cannot be asked, the last answer is
   * used however old (a directory outage must not stop the fairs); `undefined` then means « not known
   * and not askable » and throws.
   */
  lookup(slug: string): Promise<Placement | null>;
  list(): Promise<Placement[]>;
  /** Holds `slug` for `cell` in state `placing`; false when the slug is already in the directory. */
  reserve(slug: string, cell: string): Promise<boolean>;
  /** The cell created it (or imported it, or a move ended there): the host is served by `cell`. */
  activate(slug: string, cell: string): Promise<void>;
  /** Read-only while it moves; false when the slug is not an active association. */
  startMoving(slug: string): Promise<Placement | null>;
  remove(slug: string): Promise<void>;
  /** The cell for a new association: the most room left, weighed by capacity (docs/cells.md). */
  choosePlacement(exclude?: ReadonlySet<string>): Promise<Cell | null>;
  /** Forgets the cached answer of a slug (also done on every NOTIFY of another router). */
  forget(slug: string): void;
  close(): Promise<void>;
}

const CHANNEL = 'kermesse_cells';

const SCHEMA = `
  create schema if not exists cells;
  create table if not exists cells.cells (
    name text primary key check (name ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
    url text not null,
    capacity integer not null check (capacity > 0),
    created_at timestamptz not null default now()
  );
  create table if not exists cells.associations (
    slug text primary key,
    cell text not null references cells.cells (name),
    state text not null check (state in ('placing', 'active', 'moving')),
    since timestamptz not null default now()
  );
  create index if not exists associations_cell on cells.associations (cell);
  alter table cells.cells add column if not exists console_url text;
`;

interface PlacementRow {
  slug: string;
  cell: string;
  state: PlacementState;
  since: Date;
}

const toPlacement = (row: PlacementRow): Placement => ({ slug: row.slug, cell: row.cell, state: row.state, since: row.since });

export function createDirectory(url: string, options: DirectoryOptions = {}): Directory {
  const ttl = options.ttlMs ?? 5_000;
  const now = options.now ?? Date.now;
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 3_000 });
  // An idle client whose server went away emits 'error': the next query opens a new one.
  pool.on('error', () => undefined);
  const cache = new Map<string, { placement: Placement | null; until: number }>();
  const pending = new Map<string, Promise<Placement | null>>();
  let listener: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let closed = false;

  /** LISTEN on a client of its own; when it drops (Postgres restarted), the cache is emptied and it listens again. */
  function listen(): Promise<void> {
    if (closed) return Promise.resolve();
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    const again = () => {
      if (listener !== client) return;
      listener = undefined;
      listening = undefined;
      cache.clear();
      if (!closed) setTimeout(() => void ensureListening(), 1_000).unref();
    };
    client.on('notification', (message) => {
      if (message.payload) cache.delete(message.payload);
    });
    client.on('error', again);
    client.on('end', again);
    listener = client;
    return client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(() => undefined)
      .catch(() => {
        void client.end().catch(() => undefined);
        again();
      });
  }

  function ensureListening(): Promise<void> {
    listening ??= listen();
    return listening;
  }

  async function announce(slug: string): Promise<void> {
    cache.delete(slug);
    await pool.query('select pg_notify($1, $2)', [CHANNEL, slug]);
  }

  async function ask(slug: string): Promise<Placement | null> {
    const { rows } = await pool.query<PlacementRow>('select slug, cell, state, since from cells.associations where slug = $1', [slug]);
    return rows[0] ? toPlacement(rows[0]) : null;
  }

  const directory: Directory = {
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // Two routers starting together must not both create the schema.
        await client.query("select pg_advisory_xact_lock(hashtext('kermesse_cells_schema'))");
        await client.query(SCHEMA);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
      await ensureListening();
    },

    async saveCell(cell) {
      await pool.query(
        `insert into cells.cells (name, url, capacity, console_url) values ($1, $2, $3, $4)
         on conflict (name) do update set url = excluded.url, capacity = excluded.capacity, console_url = excluded.console_url`,
        [cell.name, cell.url.replace(/\/+$/, ''), cell.capacity, cell.consoleUrl?.replace(/\/+$/, '') ?? null],
      );
    },

    async cells() {
      const { rows } = await pool.query<Cell>('select name, url, capacity, console_url as "consoleUrl" from cells.cells order by name');
      return rows;
    },

    async lookup(slug) {
      void ensureListening();
      const hit = cache.get(slug);
      if (hit && hit.until > now()) return hit.placement;
      let asking = pending.get(slug);
      if (!asking) {
        asking = ask(slug).then(
          (placement) => {
            pending.delete(slug);
            cache.set(slug, { placement, until: now() + ttl });
            if (cache.size > 50_000) cache.delete(cache.keys().next().value!);
            return placement;
          },
          (err: unknown) => {
            pending.delete(slug);
            // Postgres away: the last answer, however old, rather than no answer at all.
            if (hit) return hit.placement;
            throw err;
          },
        );
        pending.set(slug, asking);
      }
      return asking;
    },

    async list() {
      const { rows } = await pool.query<PlacementRow>('select slug, cell, state, since from cells.associations order by slug');
      return rows.map(toPlacement);
    },

    async reserve(slug, cell) {
      const { rowCount } = await pool.query(
        "insert into cells.associations (slug, cell, state) values ($1, $2, 'placing') on conflict (slug) do nothing",
        [slug, cell],
      );
      if (rowCount) await announce(slug);
      return rowCount === 1;
    },

    async activate(slug, cell) {
      await pool.query(
        `insert into cells.associations (slug, cell, state) values ($1, $2, 'active')
         on conflict (slug) do update set cell = excluded.cell, state = 'active', since = now()`,
        [slug, cell],
      );
      await announce(slug);
    },

    async startMoving(slug) {
      const { rows } = await pool.query<PlacementRow>(
        `update cells.associations set state = 'moving', since = now() where slug = $1 and state = 'active'
         returning slug, cell, state, since`,
        [slug],
      );
      if (rows[0]) await announce(slug);
      return rows[0] ? toPlacement(rows[0]) : null;
    },

    async remove(slug) {
      await pool.query('delete from cells.associations where slug = $1', [slug]);
      await announce(slug);
    },

    async choosePlacement(exclude) {
      // The fewest associations for the capacity: a cell twice as large takes twice as many.
      const { rows } = await pool.query<Cell & { placed: number }>(
        `select c.name, c.url, c.capacity, c.console_url as "consoleUrl", count(a.slug)::int as placed
           from cells.cells c left join cells.associations a on a.cell = c.name
          group by c.name order by count(a.slug)::float / c.capacity, c.capacity desc, c.name`,
      );
      const open = rows.filter((row) => !exclude?.has(row.name) && row.placed < row.capacity);
      const chosen = open[0];
      return chosen ? { name: chosen.name, url: chosen.url, capacity: chosen.capacity, consoleUrl: chosen.consoleUrl } : null;
    },

    forget(slug) {
      cache.delete(slug);
    },

    async close() {
      closed = true;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
  return directory;
}

/**
 * `KERMESSE_CELLS`: `name=url` entries separated by commas, each with an optional `*capacity`
 * (`a=http://10.0.1.5:8080*300,b=http://10.0.2.5:8080`; 100 by default). Throws in French on a
 * malformed entry so the router refuses to start rather than route to the wrong place.
 */
export function parseCells(raw: string): Cell[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([a-z0-9][a-z0-9-]{0,39})=(https?:\/\/[^*\s]+?)(?:\*(\d+))?$/.exec(entry);
      if (!match) throw new Error(`KERMESSE_CELLS : entrée invalide « ${entry} » (attendu nom=http://adresse:port*capacité)`);
      const capacity = match[3] === undefined ? 100 : Number(match[3]);
      if (!(capacity > 0)) throw new Error(`KERMESSE_CELLS : la capacité de « ${match[1]} » doit être un entier positif`);
      return { name: match[1]!, url: match[2]!.replace(/\/+$/, ''), capacity };
    });
}

/**
 * `CELLS_CONSOLE_URLS`: each cell's identity service as the router reaches it directly
 * (`a=http://10.0.1.5:8081,b=http://10.0.2.5:8081`), for long exports and imports.
 */
export function withConsoleUrls(cells: Cell[], raw: string | undefined): Cell[] {
  const urls = new Map(parseCells(raw ?? '').map((entry) => [entry.name, entry.url]));
  return cells.map((cell) => ({ ...cell, consoleUrl: urls.get(cell.name) ?? null }));
}
