import { describe, expect, it } from 'vitest';
import { ApiError } from '@kermesse/ui-kit';
import type { TransactionStatus } from '../api/checkoutApi';
import { CARD_MESSAGES, runCardPayment, type CardPaymentRequest } from './cardPayment';

/** A fake provider answering `statuses` in turn, and a clock that only records the waits. */
function setup(statuses: (TransactionStatus | Error)[], overrides: Partial<CardPaymentRequest['api']> = {}) {
  const waits: number[] = [];
  const calls: string[] = [];
  let polls = 0;
  const api: CardPaymentRequest['api'] = {
    createCardPayment: async (amountCents) => {
      calls.push(`intent ${amountCents}`);
      return { id: 'pay-1', amountCents };
    },
    startReaderCheckout: async (request) => {
      calls.push(`checkout ${request.readerId} ${request.amountCents} ${request.paymentId}`);
      return 'tx-1';
    },
    transactionStatus: async () => {
      const next = statuses[Math.min(polls, statuses.length - 1)] as TransactionStatus | Error;
      polls += 1;
      if (next instanceof Error) throw next;
      return { status: next, transactionCode: next === 'SUCCESSFUL' ? 'TX-CODE-9' : '' };
    },
    ...overrides,
  };
  const request: CardPaymentRequest = {
    api,
    readerId: 'rdr_ABCD',
    amountCents: 1250,
    description: 'Vente Caisse Buvette',
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  return { request, waits, calls, polls: () => polls };
}

describe('card flow', () => {
  it('waits 5 s, polls every 3 s and returns the transaction code on success', async () => {
    const { request, waits, calls } = setup(['PENDING', 'PENDING', 'SUCCESSFUL']);
    const ids: string[] = [];

    const outcome = await runCardPayment({ ...request, onPaymentId: (id) => ids.push(id), onTransaction: (id) => ids.push(id) });

    expect(outcome).toEqual({ ok: true, transactionCode: 'TX-CODE-9', transactionId: 'tx-1' });
    expect(waits).toEqual([5000, 3000, 3000]);
    expect(calls).toEqual(['intent 1250', 'checkout rdr_ABCD 1250 pay-1']);
    expect(ids).toEqual(['pay-1', 'tx-1']);
  });

  it('gives up after 10 attempts still pending', async () => {
    const { request, waits, polls } = setup(['PENDING']);

    const outcome = await runCardPayment(request);

    expect(outcome).toEqual({ ok: false, message: CARD_MESSAGES.stillPending, transactionFailed: false });
    expect(polls()).toBe(10);
    expect(waits).toEqual([5000, ...Array(9).fill(3000)]);
    expect(CARD_MESSAGES.stillPending).toBe(
      'La transaction est toujours en attente après plusieurs tentatives. La transaction a échoué. Veuillez recommencer',
    );
  });

  it('stops at a failed transaction', async () => {
    const { request } = setup(['PENDING', 'FAILED']);
    expect(await runCardPayment(request)).toEqual({ ok: false, message: 'La transaction a échoué.', transactionFailed: true });
  });

  it('says the status cannot be checked when the status call fails', async () => {
    const { request } = setup([new ApiError(0, 'Impossible de contacter le serveur.')]);
    expect(await runCardPayment(request)).toMatchObject({ ok: false, message: 'Impossible de vérifier le statut de la transaction' });
  });

  it("adds the server's error to the terminal failure", async () => {
    const { request } = setup(['SUCCESSFUL'], {
      startReaderCheckout: async () => {
        throw new ApiError(502, 'Le lecteur ne répond pas.');
      },
    });
    expect(await runCardPayment(request)).toMatchObject({
      ok: false,
      message: 'Échec de la transaction avec le terminal CB : Le lecteur ne répond pas.',
    });
  });

  it('says when no transaction id came back', async () => {
    const { request } = setup(['SUCCESSFUL'], { startReaderCheckout: async () => undefined });
    expect(await runCardPayment(request)).toMatchObject({
      ok: false,
      message: "Échec de la récupération de l'identifiant de la transaction",
    });
  });

  it('reports other errors as « Erreur : … »', async () => {
    const { request } = setup(['SUCCESSFUL'], {
      createCardPayment: async () => {
        throw new Error('Montant refusé');
      },
    });
    expect(await runCardPayment(request)).toMatchObject({ ok: false, message: 'Erreur : Montant refusé' });
  });

  it('resumes an earlier payment intent instead of creating a second one', async () => {
    const { request, calls } = setup(['SUCCESSFUL']);
    await runCardPayment({ ...request, paymentId: 'pay-earlier' });
    expect(calls).toEqual(['checkout rdr_ABCD 1250 pay-earlier']);
  });
});
