/** Typed client of the stock service (docs/spec.md §7 « Stock »); screens call these, never `fetch`. Shapes from docs/openapi.json (docs/api.md §2). */
import type { Answer, Body } from '@kermesse/contracts-common/api';
import type { ImportResult, Movement, MovementsAnswer, StockEvent, StockItem, StocksAnswer } from '@kermesse/contracts-stock';
import { admin } from './http';

export type { ImportResult, Movement, MovementsAnswer, StockEvent, StockItem, StocksAnswer };

const eventQuery = (eventId: number | null | undefined) => (eventId ? `?event_id=${encodeURIComponent(eventId)}` : '');

export const stockApi = {
  /** `GET /api/stocks/`: the stocks and alerts of an event. */
  getStocks(eventId?: number | null): Promise<Answer<'/api/stocks/', 'get'>> {
    return admin.get<Answer<'/api/stocks/', 'get'>>(`/api/stocks/${eventQuery(eventId)}`);
  },

  /** `POST /api/stocks/update/stock` {product_id, quantity}: the counted level. */
  async updateStock(productId: number, quantity: number, eventId: number): Promise<Answer<'/api/stocks/update/stock', 'post'>['stock']> {
    const body: Body<'/api/stocks/update/stock', 'post'> = { product_id: productId, quantity, event_id: eventId };
    return (await admin.post<Answer<'/api/stocks/update/stock', 'post'>>('/api/stocks/update/stock', body)).stock;
  },

  /** `POST /api/stocks/update/alert-threshold` {product_id, alert_threshold}. */
  async updateThreshold(
    productId: number,
    alertThreshold: number,
    eventId: number,
  ): Promise<Answer<'/api/stocks/update/alert-threshold', 'post'>['stock']> {
    const body: Body<'/api/stocks/update/alert-threshold', 'post'> = {
      product_id: productId,
      alert_threshold: alertThreshold,
      event_id: eventId,
    };
    return (await admin.post<Answer<'/api/stocks/update/alert-threshold', 'post'>>('/api/stocks/update/alert-threshold', body)).stock;
  },

  /** The movements that explain a product's level, newest first. */
  getMovements(productId: number, eventId: number): Promise<Answer<'/api/stocks/movements', 'get'>> {
    return admin.get<Answer<'/api/stocks/movements', 'get'>>(
      `/api/stocks/movements?event_id=${encodeURIComponent(eventId)}&product_id=${encodeURIComponent(productId)}`,
    );
  },

  /** `POST /api/stocks/import/inventory?dry-run=1|0` multipart {file, global_note}; a refused import is a 422 whose body is the result. */
  importInventory(
    file: File,
    globalNote: string,
    dryRun: boolean,
    eventId: number,
  ): Promise<Answer<'/api/stocks/import/inventory', 'post'>> {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('global_note', globalNote);
    return admin.upload<Answer<'/api/stocks/import/inventory', 'post'>>(
      `/api/stocks/import/inventory?dry-run=${dryRun ? 1 : 0}&event_id=${encodeURIComponent(eventId)}`,
      form,
    );
  },

  /** `GET /api/stocks/inventory/template`: the CSV model to fill in. */
  downloadTemplate(eventId: number): Promise<{ blob: Blob; filename: string }> {
    return admin.download(`/api/stocks/inventory/template${eventQuery(eventId)}`, { accept: 'text/csv', fallbackName: 'modele.csv' });
  },
};
