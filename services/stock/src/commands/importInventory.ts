/**
 * Inventory import: a CSV file of counted quantities of one event's products becomes one movement
 * per product whose count differs from its level. A dry run only reports; a real import is one transaction — every line or
 * none — and refuses a file with any error.
 */
import type { Db, Trx } from '@kermesse/kit/db';
import { readCsv } from '@kermesse/kit/csv';
import type { ImportMovement, ImportResult } from '@kermesse/contracts-stock';
import { ImportRejected } from '../errors.ts';
import { planInventory, type InventoryPlan, type PlannedLine } from '../inventory/inventoryCsv.ts';
import { isAlert, recordAlert } from '../levels/levelChanges.ts';
import { listEventProducts, otherEventsProductIds } from '../repositories/catalog.ts';
import { insertImport } from '../repositories/imports.ts';
import {
  createLevels,
  insertMovements,
  levelStocks,
  lockLevels,
  setAlertStates,
  setLevelStocks,
  type LevelRow,
} from '../repositories/levels.ts';

export { ImportRejected };

export interface ImportInput {
  eventId: number;
  fileName: string;
  bytes: Uint8Array;
  globalNote: string;
  dryRun: boolean;
  createdBy?: string | null;
}

function present(plan: InventoryPlan, status: ImportResult['status']): ImportResult {
  const movements = plan.lines.filter((line) => line.variation !== 0).map(presentLine);
  return {
    status: plan.errors.length && status !== 'dry-run' ? 'error' : status,
    products_affected: plan.errors.length ? 0 : plan.lines.length,
    products_updated: plan.errors.length ? 0 : movements.length,
    errors: plan.errors,
    movements: plan.errors.length ? [] : movements,
  };
}

const presentLine = (line: PlannedLine): ImportMovement => ({
  line: line.line,
  product_id: line.productId,
  product_name: line.productName,
  current_stock: line.currentStock,
  new_stock: line.newStock,
  variation: line.variation,
  note: line.note,
});

/**
 * The file read once, checked against the chosen event's products only (a duplicated fair has the same
 * names, and a level of another event's product would be a stock nobody sells); `plan` then prices it
 * against given levels.
 */
async function prepare(db: Db | Trx, input: ImportInput) {
  const csv = readCsv(input.bytes);
  const [own, elsewhere] = await Promise.all([listEventProducts(db, input.eventId), otherEventsProductIds(db, input.eventId)]);
  const products = own.map((p) => ({ id: p.id, name: p.name, category: p.category_name }));
  const otherEvent = new Set(elsewhere);
  return (levels: Map<number, number>): InventoryPlan =>
    planInventory(
      csv,
      products,
      (id) => levels.get(id) ?? 0,
      input.globalNote,
      (id) => otherEvent.has(id),
    );
}

/** Runs the import; throws NotCsvError for a file that is not CSV and ImportRejected for a real import with errors. */
export async function importInventory(db: Db, input: ImportInput): Promise<ImportResult> {
  if (input.dryRun) {
    const plan = await prepare(db, input);
    return present(plan(await levelStocks(db, input.eventId)), 'dry-run');
  }
  return db.transaction(async (trx) => {
    const plan = await prepare(trx, input);
    const draft = plan(await levelStocks(trx, input.eventId));
    if (draft.errors.length) throw new ImportRejected(present(draft, 'error'));
    const productIds = draft.lines.map((line) => line.productId);

    // Every product counted gets a level, then all of them are locked (in product order) and the
    // variations are computed again from the locked levels: a sale meanwhile is not lost.
    await createLevels(trx, input.eventId, productIds);
    const locked = await lockLevels(trx, input.eventId, productIds);
    const levelOf = new Map<number, LevelRow>(locked.map((level) => [level.product_id, level]));
    const final = plan(new Map(locked.map((level) => [level.product_id, level.stock])));
    if (final.errors.length) throw new ImportRejected(present(final, 'error'));

    const changed = final.lines.filter((line) => line.variation !== 0);
    const importId = await insertImport(trx, {
      event_id: input.eventId,
      file_name: input.fileName.slice(0, 255),
      global_note: input.globalNote,
      lines: final.lines.length,
      movements: changed.length,
      created_by: input.createdBy ?? null,
    });
    await insertMovements(
      trx,
      changed.map((line) => ({
        event_id: input.eventId,
        product_id: line.productId,
        kind: 'import' as const,
        variation: line.variation,
        stock_after: line.newStock,
        note: line.note,
        import_id: importId,
        created_by: input.createdBy ?? null,
      })),
    );
    await setLevelStocks(
      trx,
      input.eventId,
      changed.map((line) => ({ productId: line.productId, stock: line.newStock })),
    );

    // Alerts entered or left (a level created just now starts outside alert).
    const flips = final.lines
      .map((line) => ({ line, level: levelOf.get(line.productId)! }))
      .filter(({ line, level }) => isAlert(line.newStock, level.alert_threshold) !== level.is_alert);
    await setAlertStates(
      trx,
      input.eventId,
      flips.map(({ line, level }) => ({ productId: line.productId, isAlert: !level.is_alert })),
    );
    for (const { line, level } of flips) {
      await recordAlert(trx, { ...level, stock: line.newStock }, !level.is_alert);
    }
    return present(final, 'ok');
  });
}
