/** Rows → the API shapes of docs/spec.md §3 and §7 (stock items, alert states, movements). */
import type { EventRow } from '../repositories/catalog.ts';
import type { MovementRow, StockLine } from '../repositories/levels.ts';
import { isAlert, type AlertStates, type Movement, type StockEvent, type StockItem, type StocksAnswer } from '@kermesse/contracts-stock';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** By category, then by name, the way the stock screens group them. */
export function sortStockLines(lines: StockLine[]): StockLine[] {
  return [...lines].sort(
    (a, b) => collator.compare(a.category_name, b.category_name) || collator.compare(a.name, b.name) || a.product_id - b.product_id,
  );
}

/** docs/spec.md §3 « Stock item »: id, name, category, stock, alert_threshold (plus its alert state). */
export const presentStockItem = (line: StockLine): StockItem => ({
  id: line.product_id,
  name: line.name,
  category: line.category_name,
  stock: line.stock,
  alert_threshold: line.alert_threshold,
  isAlert: isAlert(line.stock, line.alert_threshold),
});

export const presentEvent = (event: EventRow): StockEvent => ({ id: event.id, name: event.name, starts_on: event.starts_on });

/** docs/spec.md §7 `GET /api/stocks/`: the stocks and the alerts (listed by id), for one event. */
export function presentStocks(event: EventRow | null, events: EventRow[], lines: StockLine[]): StocksAnswer {
  const stocks = sortStockLines(lines).map(presentStockItem);
  return {
    event: event ? presentEvent(event) : null,
    events: events.map(presentEvent),
    stocks,
    alerts: stocks.filter((item) => item.isAlert).map((item) => item.id),
  };
}

/** docs/spec.md §7 `GET /api/cr/stocks/{eventId}/stocks/state`: success and `{id, isAlert}` per product. */
export const presentAlertStates = (lines: StockLine[]): AlertStates => ({
  success: true,
  stocks: lines
    .sort((a, b) => a.product_id - b.product_id)
    .map((line) => ({ id: line.product_id, isAlert: isAlert(line.stock, line.alert_threshold) })),
});

export const presentMovement = (row: MovementRow): Movement => ({
  id: row.id,
  kind: row.kind,
  variation: row.variation,
  stock_after: row.stock_after,
  note: row.note,
  sale_reference: row.sale_reference,
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
});
