/**
 * The back office's calls (`/api/admin/…`, contract `@kermesse/contracts-register`): JSON through
 * the UI kit's client with the signed-in admin's token, plus the two multipart uploads (product
 * picture, product CSV import).
 */
import { ApiError, createApiClient, SESSION_STORAGE_KEY, type DownloadedFile } from '@kermesse/ui-kit';
import type {
  ArchiveCheck,
  ArchiveView,
  ClosingView,
  ComplianceStatus,
  EventLogView,
  TillLawProfile,
} from '@kermesse/contracts-register/compliance';
import type {
  AdminCardReader,
  AdminCardReaders,
  AdminCategory,
  AdminCheckout,
  AdminEvent,
  AdminMealDeal,
  AdminProduct,
  CategoryUpdate,
  CheckoutUpdate,
  DuplicatedEvent,
  DuplicateEventInput,
  EventInput,
  EventUpdate,
  MealDealInput,
  ProductDeleted,
  ProductImportResult,
  ProductInput,
  ProductUpdate,
} from '@kermesse/contracts-register';
import type {
  CreatedEndpointAnswer,
  DeliveryAnswer,
  DeliveryListAnswer,
  EndpointAnswer,
  EndpointListAnswer,
  NewEndpointBody,
} from '@kermesse/contracts-webhooks';

export type {
  AdminCardReader,
  AdminCardReaders,
  AdminCategory,
  AdminCheckout,
  AdminEvent,
  AdminMealDeal,
  AdminProduct,
  ProductImportResult,
  CreatedEndpointAnswer,
  DeliveryAnswer,
  EndpointAnswer,
};

const readToken = () => localStorage.getItem(SESSION_STORAGE_KEY);

export interface BackOfficeApi {
  listEvents(): Promise<AdminEvent[]>;
  getEvent(id: number): Promise<AdminEvent>;
  createEvent(input: EventInput): Promise<AdminEvent>;
  updateEvent(id: number, input: EventUpdate): Promise<AdminEvent>;
  archiveEvent(id: number): Promise<AdminEvent>;
  duplicateEvent(id: number, input: DuplicateEventInput): Promise<DuplicatedEvent>;
  listCheckouts(eventId: number): Promise<AdminCheckout[]>;
  createCheckout(eventId: number, name: string): Promise<AdminCheckout>;
  updateCheckout(id: number, input: CheckoutUpdate): Promise<AdminCheckout>;
  listCategories(eventId: number): Promise<AdminCategory[]>;
  createCategory(eventId: number, name: string): Promise<AdminCategory>;
  updateCategory(id: number, input: CategoryUpdate): Promise<AdminCategory>;
  deleteCategory(id: number): Promise<{ id: number; deleted: boolean }>;
  listProducts(eventId: number): Promise<AdminProduct[]>;
  createProduct(input: ProductInput): Promise<AdminProduct>;
  updateProduct(id: number, input: ProductUpdate): Promise<AdminProduct>;
  deleteProduct(id: number): Promise<ProductDeleted>;
  uploadPicture(id: number, file: File): Promise<AdminProduct>;
  /** A refused import rejects with a 422 `ApiError` whose body is the result (read its lines with `importErrors`). */
  importProducts(eventId: number, file: File, dryRun: boolean): Promise<ProductImportResult>;
  getMealDeal(eventId: number): Promise<AdminMealDeal>;
  saveMealDeal(eventId: number, input: MealDealInput): Promise<AdminMealDeal>;
  listReaders(): Promise<AdminCardReaders>;
  pairReader(pairingCode: string, name: string): Promise<AdminCardReader>;
  renameReader(id: string, name: string): Promise<AdminCardReader>;
  unpairReader(id: string): Promise<{ id: string; unpaired: boolean }>;
  listWebhooks(): Promise<EndpointListAnswer>;
  /** The answer carries the signing secret, shown this once. */
  createWebhook(input: NewEndpointBody): Promise<CreatedEndpointAnswer>;
  deleteWebhook(id: number): Promise<void>;
  listWebhookDeliveries(id: number): Promise<DeliveryListAnswer>;
  resendWebhookDelivery(id: number): Promise<DeliveryAnswer>;
  /** The till law (docs/compliance/). */
  getCompliance(): Promise<ComplianceStatus>;
  verifyJournal(): Promise<{ ok: boolean; records: number; firstBroken?: { seq: number; problem: string } }>;
  closePeriods(): Promise<{ closings: number; archives: number }>;
  listArchives(): Promise<{ archives: ArchiveView[] }>;
  createArchive(from: string, to: string): Promise<{ archive: { id: number; fileName: string } }>;
  downloadArchive(id: number): Promise<DownloadedFile>;
  verifyArchive(id: number): Promise<ArchiveCheck>;
  listClosings(kind: 'day' | 'month' | 'year'): Promise<{ closings: ClosingView[] }>;
  readEventLog(before?: number): Promise<{ records: EventLogView[] }>;
  getTillLawProfile(): Promise<{ profile: TillLawProfile | null }>;
  saveTillLawProfile(profile: TillLawProfile): Promise<{ profile: TillLawProfile }>;
}

/** The client; tests pass a fake gateway as `fetch`. */
export function createBackOfficeApi(fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): BackOfficeApi {
  const api = createApiClient({ getToken: readToken, fetch: fetchImpl });
  return {
    listEvents: () => api.get('/api/admin/events'),
    getEvent: (id) => api.get(`/api/admin/events/${id}`),
    createEvent: (input) => api.post('/api/admin/events', input),
    updateEvent: (id, input) => api.put(`/api/admin/events/${id}`, input),
    archiveEvent: (id) => api.delete(`/api/admin/events/${id}`),
    duplicateEvent: (id, input) => api.post(`/api/admin/events/${id}/duplicate`, input),
    listCheckouts: (eventId) => api.get(`/api/admin/events/${eventId}/checkouts`),
    createCheckout: (eventId, name) => api.post(`/api/admin/events/${eventId}/checkouts`, { name }),
    updateCheckout: (id, input) => api.put(`/api/admin/checkout/${id}`, input),
    listCategories: (eventId) => api.get(`/api/admin/categories?eventId=${eventId}`),
    createCategory: (eventId, name) => api.post('/api/admin/categories', { name, eventId }),
    updateCategory: (id, input) => api.put(`/api/admin/categories/${id}`, input),
    deleteCategory: (id) => api.delete(`/api/admin/categories/${id}`),
    listProducts: (eventId) => api.get(`/api/admin/products?eventId=${eventId}`),
    createProduct: (input) => api.post('/api/admin/products', input),
    updateProduct: (id, input) => api.put(`/api/admin/products/${id}`, input),
    deleteProduct: (id) => api.delete(`/api/admin/products/${id}`),
    uploadPicture: (id, file) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload(`/api/admin/products/${id}/image`, form);
    },
    importProducts: (eventId, file, dryRun) => {
      const form = new FormData();
      form.append('eventId', String(eventId));
      form.append('file', file);
      return api.upload(`/api/admin/products/import?dry-run=${dryRun ? 1 : 0}&eventId=${eventId}`, form);
    },
    getMealDeal: (eventId) => api.get(`/api/admin/events/${eventId}/meal-deal`),
    saveMealDeal: (eventId, input) => api.put(`/api/admin/events/${eventId}/meal-deal`, input),
    listReaders: () => api.get('/api/admin/card-readers'),
    pairReader: (pairingCode, name) => api.post('/api/admin/card-readers', { pairingCode, name }),
    renameReader: (id, name) => api.put(`/api/admin/card-readers/${encodeURIComponent(id)}`, { name }),
    unpairReader: (id) => api.delete(`/api/admin/card-readers/${encodeURIComponent(id)}`),
    listWebhooks: () => api.get('/api/admin/webhooks'),
    createWebhook: (input) => api.post('/api/admin/webhooks', input),
    deleteWebhook: (id) => api.delete(`/api/admin/webhooks/${id}`),
    listWebhookDeliveries: (id) => api.get(`/api/admin/webhooks/${id}/deliveries`),
    resendWebhookDelivery: (id) => api.post(`/api/admin/webhooks/deliveries/${id}/resend`),
    getCompliance: () => api.get('/api/admin/compliance'),
    verifyJournal: () => api.get('/api/admin/journal/verify'),
    closePeriods: () => api.post('/api/admin/compliance/closings', {}),
    listArchives: () => api.get('/api/admin/compliance/archives'),
    createArchive: (from, to) => api.post('/api/admin/compliance/archives', { from, to }),
    downloadArchive: (id) => api.download(`/api/admin/compliance/archives/${id}`, { fallbackName: `kermesse-archive-${id}.tar` }),
    verifyArchive: (id) => api.post(`/api/admin/compliance/archives/${id}/verify`, {}),
    listClosings: (kind) => api.get(`/api/admin/compliance/closings?kind=${kind}&scope=association&limit=60`),
    readEventLog: (before) => api.get(`/api/admin/compliance/event-log?limit=100${before ? `&before=${before}` : ''}`),
    getTillLawProfile: () => api.get('/api/admin/compliance/profile'),
    saveTillLawProfile: (profile) => api.put('/api/admin/compliance/profile', profile),
  };
}

/** The lines a refused import names (422 `IMPORT_REJECTED`: the import result's `errors` beside `error` and `code`), or none. */
export function importErrors(error: unknown): string[] {
  const body = error instanceof ApiError ? (error.body as Partial<ProductImportResult> | undefined) : undefined;
  return Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string') : [];
}
