/**
 * `PUT` / `DELETE /api/admin/prizes/{id}` (SPEC §7) and the illustration upload
 * (`POST /api/admin/prizes/{id}/illustration`, multipart field `file`), used by the page
 * `/admin-prize/{id}/edit/image`.
 */
import type { Context } from 'koa';
import { badRequest, checkImagePixels, HttpError, notFound, readUpload, requireRole, Router, validateBody, validateParams } from '@kermesse/kit';
import { correctPrize, findPrize, removePrize, replaceIllustration } from '../../commands/prizes.ts';
import { presentPrize } from '../../presenters/prizes.ts';
import type { PrizeInput } from '../../rules/prizeRules.ts';
import { detectImageType, type ImageType } from '../../uploads/imageType.ts';
import { MAX_ILLUSTRATION_BYTES } from '../../uploads/storage.ts';
import type { RouteDeps } from '../deps.ts';
import { idParams } from '../schemas.ts';
import { prizeBody } from './schema.ts';

export const NO_IMAGE = 'Veuillez sélectionner une image.';
export const NOT_AN_IMAGE = "Ce fichier n'est pas une image (formats acceptés : PNG, JPEG, GIF ou WebP).";
export const IMAGE_TOO_LARGE = "L'image dépasse la taille maximale de 2 Mo.";

export function adminPrizeRoutes({ db, store, logger, wake }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/admin/prizes' });
  router.use(requireRole('admin'));

  router.get('/:id', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const prize = await findPrize(db, id);
    if (!prize) throw notFound('Lot introuvable.');
    ctx.body = presentPrize(prize);
  });

  // The whole prize is sent; the updated prize is returned (SPEC §7).
  router.put('/:id', validateParams(idParams), validateBody(prizeBody), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    ctx.body = presentPrize(await correctPrize(db, id, ctx.state.body as PrizeInput));
    wake(); // its raffle.configured (prize costs) was recorded
  });

  router.delete('/:id', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const { illustration } = await removePrize(db, id);
    wake();
    if (illustration) await store.remove(illustration).catch((err) => logger.warn('illustration not removed', { err: String(err) }));
    ctx.body = { success: true };
  });

  router.post('/:id/illustration', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    if (!(await findPrize(db, id))) throw notFound('Lot introuvable.');
    const upload = await readImage(ctx);
    const file = await store.save(upload.bytes, upload.type);
    let previous: string | null;
    let prize;
    try {
      ({ prize, previous } = await replaceIllustration(db, id, file));
    } catch (err) {
      await store.remove(file);
      throw err;
    }
    if (previous && previous !== file) await store.remove(previous).catch((err) => logger.warn('illustration not removed', { err: String(err) }));
    ctx.status = 201;
    ctx.body = presentPrize(prize);
  });

  return router;
}

/** Reads the one file of a multipart body, refusing what is too large or not an image by its bytes. */
async function readImage(ctx: Context): Promise<{ bytes: Buffer; type: ImageType }> {
  const { file } = await readUpload(ctx, {
    maxFileBytes: MAX_ILLUSTRATION_BYTES, noFileMessage: NO_IMAGE, tooLargeMessage: IMAGE_TOO_LARGE,
  });
  if (!file || file.data.length === 0) throw badRequest(NO_IMAGE);
  const type = detectImageType(file.data.subarray(0, 16));
  if (!type) throw new HttpError(415, NOT_AN_IMAGE);
  checkImagePixels(file.data);
  return { bytes: file.data, type };
}
