/** The seating plan's defaults (docs/spec.md §9). */
export const DEFAULT_TABLES = 30;
export const DEFAULT_SEATS_PER_TABLE = 6;
export const PLAN_COLUMNS = 3;
/** Volunteers at two doors see each other's changes within this delay (polling). */
export const PLAN_REFRESH_MS = 2000;

/** « Table 3 » when a table has no name. */
export const tableLabel = (tableId: number, name: string | null | undefined): string =>
  name && name.trim() ? name.trim() : `Table ${tableId}`;
