/**
 * Raffle prizes (docs/spec.md §7, admin): the prizes of a raffle (`/api/admin/raffles/{id}/prizes`), one
 * prize (`/api/admin/prizes/{id}`: the whole prize in, the updated prize out) and its illustration
 * (`POST /api/admin/prizes/{id}/illustration`, multipart field `file`, page `/admin-prize/{id}/edit/image`).
 */
import type { Context } from 'koa';
import { checkImagePixels, defineRoute, HttpError, readUpload, Router } from '@kermesse/kit/http';
import { assertStorageQuota, associationStorageUsed, uploadLimitsOf, uploadTooLarge } from '@kermesse/kit/tenancy';
import { IdParams, PrizeBody, raffleMessage, Prizes, Prize, SuccessAnswer } from '@kermesse/contracts-raffle';
import { addPrize } from '../../commands/addPrize.ts';
import { correctPrize } from '../../commands/correctPrize.ts';
import { removePrize } from '../../commands/removePrize.ts';
import { replaceIllustration } from '../../commands/replaceIllustration.ts';
import { raffleError } from '../../errors.ts';
import { presentPrize } from '../../presenters/prizes.ts';
import { findPrize, listPrizes } from '../../repositories/prizes.ts';
import { findRaffle } from '../../repositories/raffles.ts';
import { detectImageType, type ImageType } from '../../uploads/imageType.ts';
import { MAX_ILLUSTRATION_BYTES } from '../../uploads/storage.ts';
import type { RouteDeps } from '../deps.ts';

export const NO_IMAGE = raffleMessage('NO_IMAGE');
export const NOT_AN_IMAGE = raffleMessage('NOT_AN_IMAGE');
export const IMAGE_TOO_LARGE = raffleMessage('IMAGE_TOO_LARGE');

const ADMIN = ['admin'] as const;

export function prizeRoutes({ db, store, logger, storagePeers }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/admin' });

  defineRoute(router, {
    method: 'get',
    path: '/raffles/:id/prizes',
    summary: "Lister les lots d'une tombola",
    responses: { 200: Prizes },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      if (!(await findRaffle(db, id))) throw raffleError('RAFFLE_NOT_FOUND');
      return (await listPrizes(db, id)).map(presentPrize);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/raffles/:id/prizes',
    summary: 'Ajouter un lot de tombola',
    responses: { 201: Prize },
    roles: ADMIN,
    params: IdParams,
    body: PrizeBody,
    status: 201,
    handler: async ({ params: { id }, body }) => presentPrize(await addPrize(db, id, body)),
  });

  defineRoute(router, {
    method: 'get',
    path: '/prizes/:id',
    summary: 'Lire un lot de tombola',
    responses: { 200: Prize },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      const prize = await findPrize(db, id);
      if (!prize) throw raffleError('PRIZE_NOT_FOUND');
      return presentPrize(prize);
    },
  });

  // The whole prize is sent; the updated prize is returned (docs/spec.md §7).
  defineRoute(router, {
    method: 'put',
    path: '/prizes/:id',
    summary: 'Modifier un lot de tombola',
    responses: { 200: Prize },
    roles: ADMIN,
    params: IdParams,
    body: PrizeBody,
    handler: async ({ params: { id }, body }) => presentPrize(await correctPrize(db, id, body)),
  });

  defineRoute(router, {
    method: 'delete',
    path: '/prizes/:id',
    summary: 'Supprimer un lot de tombola',
    responses: { 200: SuccessAnswer },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      const { illustration } = await removePrize(db, id);
      if (illustration) await store.remove(illustration).catch((err) => logger.warn('illustration not removed', { err: String(err) }));
      return { success: true };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/prizes/:id/illustration',
    summary: "Ajouter l'illustration d'un lot",
    responses: { 201: Prize },
    roles: ADMIN,
    params: IdParams,
    status: 201,
    handler: async ({ ctx, params: { id } }) => {
      if (!(await findPrize(db, id))) throw raffleError('PRIZE_NOT_FOUND');
      const limits = uploadLimitsOf(ctx.req.headers);
      const upload = await readImage(ctx, limits.uploadBytes);
      // Checked before anything is written: over its quota, the association's folder is left as it was.
      await assertStorageQuota(limits, upload.bytes.length, () => associationStorageUsed(store.folder(), storagePeers));
      const file = await store.save(upload.bytes, upload.type);
      let previous: string | null;
      let prize;
      try {
        ({ prize, previous } = await replaceIllustration(db, id, file));
      } catch (err) {
        await store.remove(file);
        throw err;
      }
      if (previous && previous !== file)
        await store.remove(previous).catch((err) => logger.warn('illustration not removed', { err: String(err) }));
      return presentPrize(prize);
    },
  });

  return router;
}

/**
 * Reads the one file of a multipart body, refusing what is too large or not an image by its bytes.
 * `associationBytes`: the association's own upload limit (hosting), when the host set it below ours.
 */
async function readImage(ctx: Context, associationBytes?: number): Promise<{ bytes: Buffer; type: ImageType }> {
  const associationCaps = associationBytes !== undefined && associationBytes < MAX_ILLUSTRATION_BYTES;
  const tooLarge = associationCaps ? uploadTooLarge(associationBytes).message : IMAGE_TOO_LARGE;
  let file;
  try {
    ({ file } = await readUpload(ctx, {
      maxFileBytes: associationCaps ? associationBytes : MAX_ILLUSTRATION_BYTES,
      noFileMessage: NO_IMAGE,
      tooLargeMessage: tooLarge,
    }));
  } catch (err) {
    // The kit's reader says it in our words: give them our codes.
    if (err instanceof HttpError && err.message === IMAGE_TOO_LARGE) err.withCode('IMAGE_TOO_LARGE');
    if (associationCaps && err instanceof HttpError && err.status === 413) err.withCode('UPLOAD_TOO_LARGE');
    if (err instanceof HttpError && err.message === NO_IMAGE) err.withCode('NO_IMAGE');
    throw err;
  }
  if (!file || file.data.length === 0) throw raffleError('NO_IMAGE');
  const type = detectImageType(file.data.subarray(0, 16));
  if (!type) throw raffleError('NOT_AN_IMAGE');
  checkImagePixels(file.data);
  return { bytes: file.data, type };
}
