/**
 * The register's back office (`/api/admin/…`, admin role; contract `@kermesse/contracts-register`):
 * events, registers, categories, products (pictures, CSV import) and each event's meal deal.
 * Handlers validate (kit `defineRoute`), run a command, present; the outbox relay is woken after a
 * change so the `catalog.*` events leave at once.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, HttpError, readUpload, Router } from '@kermesse/kit/http';
import { answerCsvImport, isDryRun, readCsvUpload, requireCsvFile } from '@kermesse/kit/csv';
import {
  CategoryInput,
  CategoryUpdate,
  CheckoutInput,
  CheckoutUpdate,
  DuplicateEventInput,
  EventIdParams,
  EventInput,
  EventQuery,
  EventUpdate,
  IdParams,
  ImportQuery,
  MealDealInput,
  MESSAGES,
  PICTURE_LIMITS,
  PRODUCT_CSV_MODEL,
  ProductInput,
  ProductUpdate,
  AdminEvents,
  AdminEvent,
  DuplicatedEvent,
  AdminMealDeal,
  AdminCheckouts,
  AdminCheckout,
  AdminCategories,
  AdminCategory,
  CategoryDeleted,
  AdminProducts,
  AdminProduct,
  ProductImportResult,
  ProductDeleted,
} from '@kermesse/contracts-register';
import { NO_MEAL_DEAL } from '../../cart/rules.ts';
import { archiveCheckout } from '../commands/archiveCheckout.ts';
import { createCategory } from '../commands/createCategory.ts';
import { createCheckout } from '../commands/createCheckout.ts';
import { createProduct } from '../commands/createProduct.ts';
import { deleteCategory } from '../commands/deleteCategory.ts';
import { deleteProduct } from '../commands/deleteProduct.ts';
import { setProductImage } from '../commands/setProductImage.ts';
import { updateCategory } from '../commands/updateCategory.ts';
import { updateCheckout } from '../commands/updateCheckout.ts';
import { updateProductFields } from '../commands/updateProductFields.ts';
import { loadProduct } from '../catalogLoaders.ts';
import { archiveEvent } from '../commands/archiveEvent.ts';
import { createEvent } from '../commands/createEvent.ts';
import { duplicateEvent } from '../commands/duplicateEvent.ts';
import { updateEvent } from '../commands/updateEvent.ts';
import { loadEvent, sourceMealDeal } from '../eventLoaders.ts';
import { importProducts } from '../commands/importProducts.ts';
import { saveMealDeal } from '../commands/mealDeal.ts';
import { invalid, refused } from '../errors.ts';
import type { ReaderAdmin } from '../cardReaders.ts';
import { checkPicture } from '../pictures.ts';
import { assertStorageQuota, associationFolder, associationStorageUsed, uploadLimitsOf, uploadTooLarge } from '@kermesse/kit/tenancy';
import { cardReaderRoutes } from './cardReaders.ts';
import { presentAdminCategory, presentAdminCheckout, presentAdminEvent, presentAdminProduct, presentMealDeal } from '../presenters.ts';
import {
  bumpCatalogVersion,
  readEventMealDeal,
  listAdminCategories,
  listAdminCheckouts,
  listAdminEvents,
  listAdminProducts,
} from '../repositories/backOffice.ts';

const ADMIN = ['admin'] as const;
/** A product CSV above 2 MB is refused with 413 (« Le fichier dépasse la taille maximale (2 Mo). », the kit's wording). */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export interface BackOfficeDeps {
  db: Db;
  /** Where uploaded product pictures go (served at /up/). */
  uploadsDir: string;
  /** Wakes the outbox relay after a commit. */
  wake?: () => void;
  /** Card-reader pairing; the routes answer 503 without it. */
  readers?: ReaderAdmin;
  /** The other services keeping the association's files (raffle), counted in its storage quota. */
  storagePeers?: readonly string[];
}

export function backOfficeRoutes({ db, uploadsDir, wake, readers, storagePeers = [] }: BackOfficeDeps): Router {
  const router = new Router();
  /** After a committed change: the registers see a new catalogue version, the relay publishes at once. */
  const changed = async <T>(value: T): Promise<T> => {
    await bumpCatalogVersion(db);
    wake?.();
    return value;
  };
  const eventOf = (value: number | undefined) => {
    if (value === undefined) throw invalid('EVENT_ID_MISSING');
    return value;
  };

  // ── Events ──────────────────────────────────────────────────────────────────────────────────
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/events',
    summary: 'Lister les événements',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: AdminEvents },
    roles: ADMIN,
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return (await listAdminEvents(db)).map(presentAdminEvent);
    },
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/events',
    summary: 'Créer un événement',
    responses: { 201: AdminEvent },
    roles: ADMIN,
    body: EventInput,
    status: 201,
    handler: async ({ body }) => changed(presentAdminEvent(await createEvent(db, body))),
  });
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/events/:id',
    summary: 'Lire un événement',
    responses: { 200: AdminEvent },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params }) => presentAdminEvent(await loadEvent(db, params.id)),
  });
  defineRoute(router, {
    method: 'put',
    path: '/api/admin/events/:id',
    summary: 'Modifier un événement',
    responses: { 200: AdminEvent },
    roles: ADMIN,
    params: IdParams,
    body: EventUpdate,
    handler: async ({ params, body }) => changed(presentAdminEvent(await updateEvent(db, params.id, body))),
  });
  defineRoute(router, {
    method: 'delete',
    path: '/api/admin/events/:id',
    summary: 'Supprimer un événement',
    responses: { 200: AdminEvent },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params }) => changed(presentAdminEvent(await archiveEvent(db, params.id))),
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/events/:id/duplicate',
    summary: 'Dupliquer un événement',
    responses: { 201: DuplicatedEvent },
    roles: ADMIN,
    params: IdParams,
    body: DuplicateEventInput,
    status: 201,
    handler: async ({ params, body }) => {
      const { event, copied } = await duplicateEvent(db, params.id, body);
      return changed({ ...presentAdminEvent(event), copied });
    },
  });

  // ── Meal deal ───────────────────────────────────────────────────────────────────────────────
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/events/:id/meal-deal',
    summary: "Lire la formule d'un événement",
    responses: { 200: AdminMealDeal },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params }) => {
      await loadEvent(db, params.id);
      const rule = await sourceMealDeal(db, params.id);
      return presentMealDeal(params.id, rule ?? NO_MEAL_DEAL, !(await readEventMealDeal(db, params.id)));
    },
  });
  defineRoute(router, {
    method: 'put',
    path: '/api/admin/events/:id/meal-deal',
    summary: "Modifier la formule d'un événement",
    responses: { 200: AdminMealDeal },
    roles: ADMIN,
    params: IdParams,
    body: MealDealInput,
    handler: async ({ params, body }) => changed(presentMealDeal(params.id, await saveMealDeal(db, params.id, body), false)),
  });

  // ── Registers ───────────────────────────────────────────────────────────────────────────────
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/events/:eventId/checkouts',
    summary: "Lister les caisses d'un événement",
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: AdminCheckouts },
    roles: ADMIN,
    params: EventIdParams,
    handler: async ({ ctx, params }) => {
      await loadEvent(db, params.eventId);
      ctx.set('Cache-Control', 'no-store');
      return (await listAdminCheckouts(db, params.eventId)).map(presentAdminCheckout);
    },
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/events/:eventId/checkouts',
    summary: 'Créer une caisse',
    responses: { 201: AdminCheckout },
    roles: ADMIN,
    params: EventIdParams,
    body: CheckoutInput,
    status: 201,
    handler: async ({ params, body }) => changed(presentAdminCheckout(await createCheckout(db, params.eventId, body))),
  });
  defineRoute(router, {
    method: 'put',
    path: '/api/admin/checkout/:id',
    summary: 'Modifier une caisse',
    responses: { 200: AdminCheckout },
    roles: ADMIN,
    params: IdParams,
    body: CheckoutUpdate,
    handler: async ({ params, body }) => changed(presentAdminCheckout(await updateCheckout(db, params.id, body))),
  });
  defineRoute(router, {
    method: 'delete',
    path: '/api/admin/checkout/:id',
    summary: 'Supprimer une caisse',
    responses: { 200: AdminCheckout },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params }) => changed(presentAdminCheckout(await archiveCheckout(db, params.id))),
  });

  // ── Categories ──────────────────────────────────────────────────────────────────────────────
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/categories',
    summary: 'Lister les catégories',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: AdminCategories },
    roles: ADMIN,
    query: EventQuery,
    handler: async ({ ctx, query }) => {
      const eventId = eventOf(query.eventId);
      await loadEvent(db, eventId);
      ctx.set('Cache-Control', 'no-store');
      return (await listAdminCategories(db, eventId)).map(presentAdminCategory);
    },
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/categories',
    summary: 'Créer une catégorie',
    responses: { 201: AdminCategory },
    roles: ADMIN,
    body: CategoryInput,
    query: EventQuery,
    status: 201,
    handler: async ({ body, query }) =>
      changed(presentAdminCategory(await createCategory(db, { ...body, eventId: eventOf(body.eventId ?? query.eventId) }))),
  });
  defineRoute(router, {
    method: 'put',
    path: '/api/admin/categories/:id',
    summary: 'Modifier une catégorie',
    responses: { 200: AdminCategory },
    roles: ADMIN,
    params: IdParams,
    body: CategoryUpdate,
    handler: async ({ params, body }) => changed(presentAdminCategory(await updateCategory(db, params.id, body))),
  });
  defineRoute(router, {
    method: 'delete',
    path: '/api/admin/categories/:id',
    summary: 'Supprimer une catégorie',
    responses: { 200: CategoryDeleted },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params }) => {
      await deleteCategory(db, params.id);
      return changed({ id: params.id, deleted: true });
    },
  });

  // ── Products ────────────────────────────────────────────────────────────────────────────────
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/products',
    summary: 'Lister les produits',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: AdminProducts },
    roles: ADMIN,
    query: EventQuery,
    handler: async ({ ctx, query }) => {
      const eventId = eventOf(query.eventId);
      await loadEvent(db, eventId);
      ctx.set('Cache-Control', 'no-store');
      return (await listAdminProducts(db, eventId)).map(presentAdminProduct);
    },
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/products',
    summary: 'Créer un produit',
    responses: { 201: AdminProduct },
    roles: ADMIN,
    body: ProductInput,
    status: 201,
    handler: async ({ body }) => changed(presentAdminProduct(await createProduct(db, body))),
  });
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/products/import/model',
    summary: "Télécharger le modèle d'import des produits",
    responses: {},
    roles: ADMIN,
    handler: ({ ctx }) => {
      ctx.set('Content-Disposition', 'attachment; filename="modele-produits.csv"');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = PRODUCT_CSV_MODEL;
      return undefined;
    },
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/products/import',
    summary: 'Importer des produits (CSV)',
    responses: { 200: ProductImportResult },
    roles: ADMIN,
    query: ImportQuery,
    handler: async ({ query, ctx }) => {
      // The kit names a body that is not multipart NO_FILE: the register's « no file » is IMPORT_NOT_CSV.
      const upload = await readCsvUpload(ctx, { maxFileBytes: IMPORT_MAX_BYTES, noFileMessage: MESSAGES.IMPORT_NOT_CSV }).catch(
        (err: unknown) => {
          throw err instanceof HttpError && err.code === 'NO_FILE' ? invalid('IMPORT_NOT_CSV') : err;
        },
      );
      const notCsv = () => invalid('IMPORT_NOT_CSV');
      const file = requireCsvFile(upload, { noFile: notCsv, notCsv });
      const fieldEvent = upload.fields.eventId && /^\d{1,9}$/.test(upload.fields.eventId) ? Number(upload.fields.eventId) : undefined;
      const eventId = eventOf(query.eventId ?? fieldEvent);
      const event = await loadEvent(db, eventId);
      if (event.archived_at) throw refused('EVENT_ARCHIVED');
      const result = await answerCsvImport(ctx, () => importProducts(db, eventId, file.data, isDryRun(query['dry-run'])), notCsv);
      // A refused import (ProductImportRejected) was answered 422 by the kit: nothing changed.
      return result ? changed(result) : undefined;
    },
  });
  defineRoute(router, {
    method: 'put',
    path: '/api/admin/products/:id',
    summary: 'Modifier un produit',
    responses: { 200: AdminProduct },
    roles: ADMIN,
    params: IdParams,
    body: ProductUpdate,
    handler: async ({ params, body }) => changed(presentAdminProduct(await updateProductFields(db, params.id, body))),
  });
  defineRoute(router, {
    method: 'delete',
    path: '/api/admin/products/:id',
    summary: 'Supprimer un produit',
    responses: { 200: ProductDeleted },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params }) => changed(await deleteProduct(db, params.id)),
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/products/:id/image',
    summary: "Ajouter l'image d'un produit",
    responses: { 200: AdminProduct },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params, ctx }) => {
      await loadProduct(db, params.id);
      // Hosting: the association's own limits (docs/hosting.md), below the picture's own when the host set them so.
      const limits = uploadLimitsOf(ctx.req.headers);
      const associationCaps = limits.uploadBytes !== undefined && limits.uploadBytes < PICTURE_LIMITS.maxBytes;
      const upload = await readUpload(ctx, {
        maxFileBytes: associationCaps ? limits.uploadBytes! : PICTURE_LIMITS.maxBytes,
        noFileMessage: MESSAGES.PICTURE_MISSING,
        tooLargeMessage: associationCaps ? uploadTooLarge(limits.uploadBytes!).message : MESSAGES.PICTURE_TOO_LARGE,
      }).catch((err: unknown) => {
        if (associationCaps && err instanceof HttpError && err.status === 413) err.withCode('UPLOAD_TOO_LARGE');
        throw err;
      });
      if (!upload.file) throw invalid('PICTURE_MISSING');
      const picture = checkPicture(upload.file.data);
      const name = `produit-${params.id}-${randomBytes(6).toString('hex')}.${picture.ext}`;
      // Hosting: each association's pictures in its own folder (docs/hosting-portability.md).
      const dir = associationFolder(uploadsDir);
      // Checked before anything is written: over its quota, the association's folder is left as it was.
      await assertStorageQuota(limits, picture.data.length, () => associationStorageUsed(dir, storagePeers));
      await mkdir(dir, { recursive: true });
      // Written beside, then renamed: /up/ never serves half a file.
      const temporary = path.join(dir, `.${name}.part`);
      await writeFile(temporary, picture.data);
      await rename(temporary, path.join(dir, name));
      return changed(presentAdminProduct(await setProductImage(db, params.id, name)));
    },
  });

  cardReaderRoutes(router, readers);
  return router;
}
