import { describe, expect, it } from 'vitest';
import { ApiError } from '@kermesse/ui-kit';
import type { SaleResult } from '../api/checkoutApi';
import type { SaleBody } from './buildSale';
import { memoryStore, syncQueue, waitingLabel, type QueuedSale } from './offlineQueue';

const ok: SaleResult = {
  success: true,
  deliveryMethod: 'print',
  orderType: 'standard',
  receiptHtml: '',
  orderHtml: '',
  error: null,
  reference: 'K7M2Q-9XR4T',
  totalCents: 300,
};

function buildQueued(key: string, queuedAt: number, extra: Partial<QueuedSale> = {}): QueuedSale {
  return { key, checkoutId: 2, eventId: 1, body: { price: 3 } as SaleBody, totalCents: 300, queuedAt, refusal: null, ...extra };
}

/** A server answering each key in turn from `answers` (a function per call), recording the keys. */
function server(answers: ((key: string) => SaleResult | Error)[]) {
  const keys: string[] = [];
  const send = async (_sale: SaleBody, key: string) => {
    keys.push(key);
    const answer = (answers.shift() ?? (() => ok))(key);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { keys, send };
}

describe('offline queue', () => {
  it('says how many sales wait, in French', () => {
    expect(waitingLabel(1)).toBe("1 vente en attente d'envoi");
    expect(waitingLabel(3)).toBe("3 ventes en attente d'envoi");
  });

  it('sends the waiting sales oldest first, each with its own key, and empties the queue', async () => {
    const store = memoryStore([buildQueued('b', 2000), buildQueued('a', 1000), buildQueued('other-register', 500, { checkoutId: 9 })]);
    const { keys, send } = server([]);
    expect(await syncQueue(store, send, 2)).toEqual({ sent: 2, refused: 0, stopped: false, signInNeeded: false });
    expect(keys).toEqual(['a', 'b']);
    expect((await store.all()).map((sale) => sale.key)).toEqual(['other-register']);
  });

  it('keeps everything when the network is still away, and sends it once it returns (same keys, nothing doubled)', async () => {
    const store = memoryStore([buildQueued('a', 1000), buildQueued('b', 2000)]);
    const offline = server([() => new ApiError(0, 'Impossible de contacter le serveur.')]);
    expect(await syncQueue(store, offline.send, 2)).toEqual({ sent: 0, refused: 0, stopped: true, signInNeeded: false });
    expect(offline.keys).toEqual(['a']);
    expect(await store.all()).toHaveLength(2);

    // The first sale had reached the server: the replay answers its 201 again, and it leaves the queue once.
    const online = server([]);
    expect(await syncQueue(store, online.send, 2)).toEqual({ sent: 2, refused: 0, stopped: false, signInNeeded: false });
    expect(online.keys).toEqual(['a', 'b']);
    expect(await store.all()).toEqual([]);
  });

  it('stops on a 5xx, a 409 of a key still being processed and an expired token, without marking the sale', async () => {
    for (const error of [
      new ApiError(503, 'Service indisponible'),
      new ApiError(409, 'Cette vente est déjà en cours de traitement.'),
      new ApiError(401, 'Jeton expiré.'),
    ]) {
      const store = memoryStore([buildQueued('a', 1000)]);
      expect(await syncQueue(store, server([() => error]).send, 2)).toMatchObject({ sent: 0, stopped: true });
      expect((await store.all())[0]?.refusal).toBeNull();
    }
  });

  it('keeps the sales while the association moves to another server (read-only 503), and sends them once it ends', async () => {
    const store = memoryStore([buildQueued('a', 1000), buildQueued('b', 2000)]);
    const moving = server([
      () =>
        new ApiError(
          503,
          'Cette association change de serveur : ses données sont en lecture seule un instant. Réessayez dans quelques secondes.',
        ),
    ]);
    expect(await syncQueue(store, moving.send, 2)).toEqual({ sent: 0, refused: 0, stopped: true, signInNeeded: false });
    expect((await store.all()).map((sale) => [sale.key, sale.refusal])).toEqual([
      ['a', null],
      ['b', null],
    ]);
    const moved = server([]);
    expect(await syncQueue(store, moved.send, 2)).toEqual({ sent: 2, refused: 0, stopped: false, signInNeeded: false });
    expect(moved.keys).toEqual(['a', 'b']);
    expect(await store.all()).toEqual([]);
  });

  it('keeps every sale, unmarked, when its association is over its request limit (429), and sends them with their keys afterwards', async () => {
    const store = memoryStore([buildQueued('a', 1000), buildQueued('b', 2000)]);
    const limited = server([() => new ApiError(429, 'Trop de requêtes pour votre association en ce moment. Réessayez dans 2 secondes.')]);
    expect(await syncQueue(store, limited.send, 2)).toEqual({ sent: 0, refused: 0, stopped: true, signInNeeded: false });
    expect((await store.all()).map((sale) => [sale.key, sale.refusal])).toEqual([
      ['a', null],
      ['b', null],
    ]);
    const later = server([]);
    expect(await syncQueue(store, later.send, 2)).toEqual({ sent: 2, refused: 0, stopped: false, signInNeeded: false });
    expect(later.keys).toEqual(['a', 'b']);
    expect(await store.all()).toEqual([]);
  });

  it('keeps every sale when the token expired during the outage, says a sign-in is needed, and sends them with their keys after it', async () => {
    const store = memoryStore([buildQueued('a', 1000), buildQueued('b', 2000)]);
    const expired = server([() => new ApiError(401, 'Jeton expiré.')]);
    expect(await syncQueue(store, expired.send, 2)).toEqual({ sent: 0, refused: 0, stopped: true, signInNeeded: true });
    expect((await store.all()).map((sale) => [sale.key, sale.refusal])).toEqual([
      ['a', null],
      ['b', null],
    ]);

    // Signed in again: the same two sales go, each once, with the keys they were made with.
    const signedIn = server([]);
    expect(await syncQueue(store, signedIn.send, 2)).toEqual({ sent: 2, refused: 0, stopped: false, signInNeeded: false });
    expect(signedIn.keys).toEqual(['a', 'b']);
    expect(await store.all()).toEqual([]);
  });

  it('keeps a refused sale with its French reason and goes on with the next ones', async () => {
    const store = memoryStore([buildQueued('a', 1000), buildQueued('b', 2000)]);
    const { keys, send } = server([() => new ApiError(400, "Le produit « Soda » (n° 11) n'est pas en vente à cette caisse.")]);
    expect(await syncQueue(store, send, 2)).toEqual({ sent: 1, refused: 1, stopped: false, signInNeeded: false });
    expect(keys).toEqual(['a', 'b']);
    expect(await store.all()).toEqual([
      expect.objectContaining({
        key: 'a',
        refusal: "Erreur lors de la vente : Le produit « Soda » (n° 11) n'est pas en vente à cette caisse.",
      }),
    ]);

    // A refused sale is not sent again by itself: the cashier settles it.
    const again = server([]);
    expect(await syncQueue(store, again.send, 2)).toEqual({ sent: 0, refused: 0, stopped: false, signInNeeded: false });
    expect(again.keys).toEqual([]);
  });
});
