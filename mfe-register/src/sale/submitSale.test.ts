import { describe, expect, it } from 'vitest';
import { ApiError } from '@kermesse/ui-kit';
import type { SaleResult } from '../api/checkoutApi';
import type { SaleBody } from './buildSale';
import { submitSale, takenTickets } from './submitSale';

const sale = { status: 0, checkoutId: 1, eventId: 1 } as SaleBody;
const done: SaleResult = {
  success: true,
  deliveryMethod: 'print',
  orderType: 'standard',
  receiptHtml: '<p>reçu</p>',
  orderHtml: '',
  error: null,
  reference: 'ABCDE-FGHJK',
  totalCents: 500,
};
const noWait = { sleep: async () => undefined };

/** A createSale answering each item of `answers` in turn, recording the keys it receives. */
function api(answers: (SaleResult | Error)[]) {
  const keys: string[] = [];
  return {
    keys,
    createSale: async (_sale: SaleBody, key: string) => {
      keys.push(key);
      const next = answers.shift();
      if (!next || next instanceof Error) throw next ?? new Error('plus de réponse');
      return next;
    },
  };
}

describe('submitting a sale', () => {
  it('retries a lost answer with the same Idempotency-Key', async () => {
    const server = api([new ApiError(0, 'Impossible de contacter le serveur.'), done]);
    expect(await submitSale(server, sale, 'key-1', noWait)).toEqual({ ok: true, result: done });
    expect(server.keys).toEqual(['key-1', 'key-1']);
  });

  it('waits and retries while the first attempt with this key is still running (409 to a retry)', async () => {
    const busy = () =>
      new ApiError(409, 'Cette vente est déjà en cours de traitement.', { error: 'Cette vente est déjà en cours de traitement.' });
    const server = api([new ApiError(0, 'Impossible de contacter le serveur.'), busy(), done]);
    expect((await submitSale(server, sale, 'key-2', noWait)).ok).toBe(true);
    expect(server.keys).toEqual(['key-2', 'key-2', 'key-2']);

    const again = api([busy(), done]);
    expect((await submitSale(again, sale, 'key-2', { ...noWait, resend: true })).ok).toBe(true);
  });

  it('waits and sends again with the same key when the association is over its request limit (429), then leaves it for the queue', async () => {
    const limited = () => new ApiError(429, 'Trop de requêtes pour votre association en ce moment. Réessayez dans 1 seconde.');
    const server = api([limited(), done]);
    expect(await submitSale(server, sale, 'key-429', noWait)).toEqual({ ok: true, result: done });
    expect(server.keys).toEqual(['key-429', 'key-429']);

    // Still limited after the retries: kept as a sale to send again later, never a refusal.
    const still = api([limited(), limited(), limited()]);
    expect(await submitSale(still, sale, 'key-429b', noWait)).toEqual({
      ok: false,
      message: 'Erreur lors de la vente : Trop de requêtes pour votre association en ce moment. Réessayez dans 1 seconde.',
      network: true,
    });
  });

  it('says the server cannot be reached after the retries', async () => {
    const lost = () => new ApiError(0, 'Impossible de contacter le serveur.');
    const server = api([lost(), lost(), lost()]);
    expect(await submitSale(server, sale, 'key-3', noWait)).toEqual({
      ok: false,
      message: 'Impossible de contacter le serveur.',
      network: true,
    });
    expect(server.keys).toHaveLength(3);
  });

  it('shows a refusal with the spec wording and does not retry it', async () => {
    const server = api([
      new ApiError(400, 'Identifier/Créer une personne pour ce panier', { error: 'Identifier/Créer une personne pour ce panier' }),
    ]);
    expect(await submitSale(server, sale, 'key-4', noWait)).toEqual({
      ok: false,
      message: 'Erreur lors de la vente : Identifier/Créer une personne pour ce panier',
      network: false,
      status: 400,
    });
    expect(server.keys).toHaveLength(1);
  });

  it('shows a conflict to a first attempt at once: the raffle numbers sold meanwhile', async () => {
    const message = "Ces numéros de tombola viennent d'être vendus : 12, 45. Choisissez-en d'autres.";
    const server = api([new ApiError(409, message, { error: message, taken: { tickets: [12, 45], bets: [] } })]);
    const outcome = await submitSale(server, sale, 'key-5', noWait);
    expect(outcome).toEqual({
      ok: false,
      message: `Erreur lors de la vente : ${message}`,
      network: false,
      status: 409,
      taken: { tickets: [12, 45], bets: [] },
    });
    expect(server.keys).toHaveLength(1);
  });

  it('reads the numbers sold meanwhile from the TICKET_TAKEN code, never from the message', async () => {
    const message = "Ces numéros de tombola viennent d'être vendus : 12, 45. Choisissez-en d'autres.";
    const body = { error: message, code: 'TICKET_TAKEN', details: { numbers: [12, 45], weights: [] } };
    const server = api([new ApiError(409, message, body)]);
    const outcome = await submitSale(server, sale, 'key-7', noWait);
    expect(server.keys).toHaveLength(1);
    if (outcome.ok) throw new Error('la vente devait être refusée');
    expect(outcome).toMatchObject({ status: 409, code: 'TICKET_TAKEN', taken: { tickets: [12, 45], bets: [] } });
    expect(takenTickets(outcome, [3, 12, 45, 100])).toEqual([12, 45]);

    // The same words without the code name nothing: the client branches on the code only.
    const worded = await submitSale(api([new ApiError(409, message, { error: message })]), sale, 'key-8', noWait);
    if (worded.ok) throw new Error('la vente devait être refusée');
    expect(takenTickets(worded, [3, 12, 45, 100])).toEqual([]);
  });

  it('passes the code of any other refusal on (AMOUNT_INSUFFICIENT with its details)', async () => {
    const message = 'Montant insuffisant. Vous devez fournir au moins 3,50\u00a0€.';
    const server = api([new ApiError(400, message, { error: message, code: 'AMOUNT_INSUFFICIENT', details: { totalCents: 350 } })]);
    expect(await submitSale(server, sale, 'key-9', noWait)).toEqual({
      ok: false,
      message: `Erreur lors de la vente : ${message}`,
      network: false,
      status: 400,
      code: 'AMOUNT_INSUFFICIENT',
    });
  });

  it('says « Erreur inconnue » when a failed answer has no error', async () => {
    const server = api([{ ...done, success: false, error: null }]);
    expect(await submitSale(server, sale, 'key-6', noWait)).toMatchObject({ message: 'Erreur lors de la vente : Erreur inconnue' });
  });
});
