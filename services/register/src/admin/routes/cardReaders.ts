/** `/api/admin/card-readers…` (admin): list, pair with the reader's code, rename, unpair. */
import { defineRoute, HttpError, serviceUnavailable, type Router } from '@kermesse/kit/http';
import {
  CardReaderPairInput,
  CardReaderUpdate,
  MESSAGES,
  normalisePairingCode,
  ReaderIdParams,
  AdminCardReaders,
  AdminCardReader,
  CardReaderUnpaired,
} from '@kermesse/contracts-register';
import { CardProviderError } from '../../payments/provider.ts';
import type { ReaderAdmin } from '../cardReaders.ts';
import { cleanName, invalid, missing } from '../errors.ts';

const ADMIN = ['admin'] as const;

/** A provider failure as the kit's French HTTP error. */
async function provider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof CardProviderError) throw new HttpError(err.status, err.message);
    throw err;
  }
}

export function cardReaderRoutes(router: Router, readers: ReaderAdmin | undefined): void {
  const admin = () => {
    if (!readers) throw serviceUnavailable(MESSAGES.PAIRING_UNAVAILABLE).withCode('PAIRING_UNAVAILABLE');
    return readers;
  };
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/card-readers',
    summary: 'Lister les lecteurs de carte',
    responses: { 200: AdminCardReaders },
    roles: ADMIN,
    handler: async ({ ctx }) => {
      const r = admin();
      ctx.set('Cache-Control', 'no-store');
      return { provider: r.provider, items: await provider(() => r.list()) };
    },
  });
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/card-readers',
    summary: 'Ajouter un lecteur de carte',
    responses: { 201: AdminCardReader },
    roles: ADMIN,
    body: CardReaderPairInput,
    status: 201,
    handler: async ({ body }) => {
      const pairingCode = normalisePairingCode(body.pairingCode);
      if (!pairingCode) throw invalid('PAIRING_CODE_INVALID');
      const name = cleanName(body.name);
      const r = admin();
      return provider(() => r.pair({ pairingCode, name }));
    },
  });
  defineRoute(router, {
    method: 'put',
    path: '/api/admin/card-readers/:id',
    summary: 'Modifier un lecteur de carte',
    responses: { 200: AdminCardReader },
    roles: ADMIN,
    params: ReaderIdParams,
    body: CardReaderUpdate,
    handler: async ({ params, body }) => {
      const name = cleanName(body.name);
      const r = admin();
      const reader = await provider(() => r.rename(params.id, name));
      if (!reader) throw missing('READER_NOT_FOUND');
      return reader;
    },
  });
  defineRoute(router, {
    method: 'delete',
    path: '/api/admin/card-readers/:id',
    summary: 'Supprimer un lecteur de carte',
    responses: { 200: CardReaderUnpaired },
    roles: ADMIN,
    params: ReaderIdParams,
    handler: async ({ params }) => {
      const r = admin();
      if (!(await provider(() => r.unpair(params.id)))) throw missing('READER_NOT_FOUND');
      return { id: params.id, unpaired: true };
    },
  });
}
