/** Typed client of the stock service (SPEC §7 « Stock »); screens call these, never `fetch`. */
import { admin, download, postForm } from './http';

export interface StockEvent {
  id: number;
  name: string;
  starts_on: string | null;
}

/** SPEC §3 « Stock item », with its alert state. */
export interface StockItem {
  id: number;
  name: string;
  category: string;
  stock: number;
  alert_threshold: number;
  isAlert: boolean;
}

export interface StocksAnswer {
  /** The event shown (the most recent one unless asked otherwise); null when the stock knows none. */
  event: StockEvent | null;
  events: StockEvent[];
  stocks: StockItem[];
  /** Ids of the products in alert. */
  alerts: number[];
}

/** SPEC §3 « Stock import result ». */
export interface ImportResult {
  status: 'dry-run' | 'ok' | 'error';
  products_affected: number;
  products_updated: number;
  errors: string[];
  movements: Array<{ line: number; product_id: number; product_name: string; current_stock: number; new_stock: number; variation: number; note: string }>;
}

export interface Movement {
  id: number;
  kind: 'sale' | 'correction' | 'import';
  variation: number;
  stock_after: number;
  note: string;
  sale_reference: string | null;
  created_by: string | null;
  created_at: string;
}

const eventQuery = (eventId: number | null | undefined) => (eventId ? `?event_id=${encodeURIComponent(eventId)}` : '');

export const stockApi = {
  /** `GET /api/stocks/`: the stocks and alerts of an event. */
  getStocks(eventId?: number | null): Promise<StocksAnswer> {
    return admin.get<StocksAnswer>(`/api/stocks/${eventQuery(eventId)}`);
  },

  /** `POST /api/stocks/update/stock` {product_id, quantity}: the counted level. */
  async updateStock(productId: number, quantity: number, eventId: number): Promise<StockItem> {
    const answer = await admin.post<{ stock: StockItem }>('/api/stocks/update/stock', { product_id: productId, quantity, event_id: eventId });
    return answer.stock;
  },

  /** `POST /api/stocks/update/alert-threshold` {product_id, alert_threshold}. */
  async updateThreshold(productId: number, alertThreshold: number, eventId: number): Promise<StockItem> {
    const answer = await admin.post<{ stock: StockItem }>('/api/stocks/update/alert-threshold', { product_id: productId, alert_threshold: alertThreshold, event_id: eventId });
    return answer.stock;
  },

  /** The movements that explain a product's level, newest first. */
  getMovements(productId: number, eventId: number): Promise<{ stock: StockItem; movements: Movement[] }> {
    return admin.get(`/api/stocks/movements?event_id=${encodeURIComponent(eventId)}&product_id=${encodeURIComponent(productId)}`);
  },

  /** `POST /api/stocks/import/inventory?dry-run=1|0` multipart {file, global_note}. */
  importInventory(file: File, globalNote: string, dryRun: boolean, eventId: number): Promise<ImportResult> {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('global_note', globalNote);
    return postForm<ImportResult>(`/api/stocks/import/inventory?dry-run=${dryRun ? 1 : 0}&event_id=${encodeURIComponent(eventId)}`, form);
  },

  /** `GET /api/stocks/inventory/template`: the CSV model to fill in. */
  downloadTemplate(eventId: number): Promise<{ blob: Blob; filename: string }> {
    return download(`/api/stocks/inventory/template${eventQuery(eventId)}`);
  },
};
