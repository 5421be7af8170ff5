/**
 * Inventory import: a CSV file of counted quantities becomes one movement per product whose count
 * differs from its level. A dry run only reports; a real import is one transaction — every line or
 * none — and refuses a file with any error.
 */
import { recordEvent, type Db, type Trx } from '@kermesse/kit';
import { readCsv } from '@kermesse/kit/csv';
import { planInventory, type InventoryPlan, type PlannedLine } from '../inventory/inventoryCsv.ts';
import { listProducts } from '../repositories/catalog.ts';
import { insertMovements, lockLevels, type LevelRow } from '../repositories/levels.ts';
import { isAlert, SOURCE } from './levels.ts';

/** SPEC §3 « Stock import result ». */
export interface ImportResult {
  status: 'dry-run' | 'ok' | 'error';
  products_affected: number;
  products_updated: number;
  errors: string[];
  movements: ImportMovement[];
}

export interface ImportMovement {
  line: number;
  product_id: number;
  product_name: string;
  current_stock: number;
  new_stock: number;
  variation: number;
  note: string;
}

export interface ImportInput {
  eventId: number;
  fileName: string;
  bytes: Uint8Array;
  globalNote: string;
  dryRun: boolean;
  createdBy?: string | null;
}

/** A real import refused because of errors in the file: nothing was written. */
export class ImportRejected extends Error {
  constructor(readonly result: ImportResult) {
    super(`L'import contient ${result.errors.length} erreur(s) : rien n'a été importé. Corrigez le fichier puis relancez le test.`);
  }
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

/** The file read once, checked against the catalogue; `plan` then prices it against given levels. */
async function prepare(db: Db | Trx, input: ImportInput) {
  const csv = readCsv(input.bytes);
  const products = (await listProducts(db)).map((p) => ({ id: p.id, name: p.name, category: p.category_name }));
  return (levels: Map<number, number>): InventoryPlan =>
    planInventory(csv, products, (id) => levels.get(id) ?? 0, input.globalNote);
}

async function currentLevels(db: Db | Trx, eventId: number): Promise<Map<number, number>> {
  const rows: { product_id: number; stock: number }[] = await db('levels').where({ event_id: eventId }).select('product_id', 'stock');
  return new Map(rows.map((r) => [r.product_id, r.stock]));
}

/** Runs the import; throws NotCsvError for a file that is not CSV and ImportRejected for a real import with errors. */
export async function importInventory(db: Db, input: ImportInput): Promise<ImportResult> {
  if (input.dryRun) {
    const plan = await prepare(db, input);
    return present(plan(await currentLevels(db, input.eventId)), 'dry-run');
  }
  return db.transaction(async (trx) => {
    const plan = await prepare(trx, input);
    const draft = plan(await currentLevels(trx, input.eventId));
    if (draft.errors.length) throw new ImportRejected(present(draft, 'error'));
    const productIds = draft.lines.map((line) => line.productId);

    // Every product counted gets a level, then all of them are locked (in product order) and the
    // variations are computed again from the locked levels: a sale meanwhile is not lost.
    await trx.raw(
      `insert into levels (event_id, product_id) select ?, unnest(?::int[]) on conflict do nothing`,
      [input.eventId, productIds],
    );
    const locked = await lockLevels(trx, input.eventId, productIds);
    const levelOf = new Map<number, LevelRow>(locked.map((level) => [level.product_id, level]));
    const final = plan(new Map(locked.map((level) => [level.product_id, level.stock])));
    if (final.errors.length) throw new ImportRejected(present(final, 'error'));

    const changed = final.lines.filter((line) => line.variation !== 0);
    const [created] = await trx('imports')
      .insert({
        event_id: input.eventId,
        file_name: input.fileName.slice(0, 255),
        global_note: input.globalNote,
        lines: final.lines.length,
        movements: changed.length,
        created_by: input.createdBy ?? null,
      })
      .returning('id');
    const importId = (created as { id: number }).id;
    await insertMovements(trx, changed.map((line) => ({
      event_id: input.eventId,
      product_id: line.productId,
      kind: 'import' as const,
      variation: line.variation,
      stock_after: line.newStock,
      note: line.note,
      import_id: importId,
      created_by: input.createdBy ?? null,
    })));
    if (changed.length) {
      await trx.raw(
        `update levels l set stock = v.stock, updated_at = now()
         from unnest(?::int[], ?::int[]) as v(product_id, stock)
         where l.event_id = ? and l.product_id = v.product_id`,
        [changed.map((line) => line.productId), changed.map((line) => line.newStock), input.eventId],
      );
    }

    // Alerts entered or left (a level created just now starts outside alert).
    const flips = final.lines
      .map((line) => ({ line, level: levelOf.get(line.productId)! }))
      .filter(({ line, level }) => isAlert(line.newStock, level.alert_threshold) !== level.is_alert);
    if (flips.length) {
      await trx.raw(
        `update levels l set is_alert = v.is_alert
         from unnest(?::int[], ?::boolean[]) as v(product_id, is_alert)
         where l.event_id = ? and l.product_id = v.product_id`,
        [flips.map(({ line }) => line.productId), flips.map(({ level }) => !level.is_alert), input.eventId],
      );
      for (const { line, level } of flips) {
        await recordEvent(trx, SOURCE, 'stock.alert', {
          eventId: input.eventId,
          productId: line.productId,
          isAlert: !level.is_alert,
          stock: line.newStock,
          alertThreshold: level.alert_threshold,
        });
      }
    }
    return present(final, 'ok');
  });
}
