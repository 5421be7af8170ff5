import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardProviderError, type CardProvider } from './provider.ts';
import { createSumUpProvider } from './sumup.ts';
import { FAKE_MERCHANT, FAKE_SUMUP_KEY, startFakeSumUp, type FakeSumUp } from '@kermesse/kit/testing/fakeSumUp';

let sumup: FakeSumUp;
let provider: CardProvider;

beforeAll(async () => {
  sumup = await startFakeSumUp();
  provider = createSumUpProvider({ apiKey: FAKE_SUMUP_KEY, merchantCode: FAKE_MERCHANT, baseUrl: sumup.url });
});

afterAll(async () => {
  await sumup?.close();
});

async function failure(promise: Promise<unknown>): Promise<CardProviderError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(CardProviderError);
    return err as CardProviderError;
  }
  throw new Error('expected a provider error');
}

describe('SumUp adapter against a local SumUp', () => {
  it('lists the merchant readers with their status and device identifier, with the API key', async () => {
    const readers = await provider.listReaders();
    expect(readers).toEqual([
      { id: 'rdr_3MSAFM23CK82VSTT4BN6RWSQ65', name: 'Comptoir', status: 'paired', device: { identifier: 'U1DT3NA00-CN', model: 'solo' } },
      {
        id: 'rdr_0EXPIRED0000000000000000AB',
        name: 'Vieux Solo',
        status: 'expired',
        device: { identifier: 'U1DT3NA99-XX', model: 'solo' },
      },
    ]);
    expect(sumup.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v0.1/merchants/${FAKE_MERCHANT}/readers`,
      authorization: `Bearer ${FAKE_SUMUP_KEY}`,
    });
  });

  it('starts a reader checkout with the amount in minor units, then follows the transaction to SUCCESSFUL', async () => {
    sumup.next = { outcome: 'SUCCESSFUL', pollsBeforeResult: 1 };
    const { clientTransactionId } = await provider.startCheckout({
      readerId: 'rdr_3MSAFM23CK82VSTT4BN6RWSQ65',
      amountCents: 1250,
      description: 'Kermesse de printemps',
    });
    expect(sumup.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v0.1/merchants/${FAKE_MERCHANT}/readers/rdr_3MSAFM23CK82VSTT4BN6RWSQ65/checkout`,
      body: { total_amount: { value: 1250, currency: 'EUR', minor_unit: 2 }, description: 'Kermesse de printemps' },
    });
    // Not created on the reader yet (404), then pending, then paid.
    expect(await provider.transactionStatus(clientTransactionId)).toEqual({ status: 'PENDING', transactionCode: null, amountCents: null });
    expect((await provider.transactionStatus(clientTransactionId)).status).toBe('PENDING');
    const done = await provider.transactionStatus(clientTransactionId);
    expect(done).toEqual({ status: 'SUCCESSFUL', transactionCode: sumup.transactions.get(clientTransactionId)!.code, amountCents: 1250 });
    expect(sumup.requests.at(-1)!.path).toBe(`/v2.1/merchants/${FAKE_MERCHANT}/transactions?client_transaction_id=${clientTransactionId}`);
  });

  it('reports FAILED and CANCELLED transactions as failed', async () => {
    for (const outcome of ['FAILED', 'CANCELLED'] as const) {
      sumup.next = { outcome, pollsBeforeResult: 0 };
      const { clientTransactionId } = await provider.startCheckout({
        readerId: 'rdr_3MSAFM23CK82VSTT4BN6RWSQ65',
        amountCents: 300,
        description: 'x',
      });
      await provider.transactionStatus(clientTransactionId);
      expect((await provider.transactionStatus(clientTransactionId)).status).toBe('FAILED');
    }
  });

  it("turns SumUp's refusals into French errors", async () => {
    sumup.offline.add('rdr_3MSAFM23CK82VSTT4BN6RWSQ65');
    const offline = await failure(
      provider.startCheckout({ readerId: 'rdr_3MSAFM23CK82VSTT4BN6RWSQ65', amountCents: 100, description: 'x' }),
    );
    expect(offline.message).toBe('SumUp refuse le paiement : The target device is offline');
    expect(offline.status).toBe(422);
    sumup.offline.clear();
    const unknown = await failure(provider.startCheckout({ readerId: 'rdr_NOPE', amountCents: 100, description: 'x' }));
    expect(unknown).toMatchObject({ message: 'Lecteur CB inconnu chez SumUp.', status: 404 });
    const badKey = createSumUpProvider({ apiKey: 'sup_sk_wrong', merchantCode: FAKE_MERCHANT, baseUrl: sumup.url });
    expect((await failure(badKey.listReaders())).message).toBe('SumUp refuse la clé API configurée (SUMUP_API_KEY).');
  });

  it('says SumUp does not answer when it is unreachable', async () => {
    const down = createSumUpProvider({
      apiKey: FAKE_SUMUP_KEY,
      merchantCode: FAKE_MERCHANT,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1000,
    });
    expect(await failure(down.listReaders())).toMatchObject({
      message: 'Le service de paiement SumUp ne répond pas. Réessayez dans un instant.',
      status: 503,
    });
  });
});
