/**
 * SumUp adapter, speaking SumUp's documented REST API (developer.sumup.com, « Readers » and
 * « Transactions »):
 * - `GET  /v0.1/merchants/{merchant_code}/readers` → `{ items: [Reader] }` (Reader: id, name, status, device {identifier, model});
 * - `POST /v0.1/merchants/{merchant_code}/readers/{reader_id}/checkout`
 *   `{ total_amount: { value, currency, minor_unit }, description }` → 201 `{ data: { client_transaction_id } }`,
 *   errors `{ errors: { detail } }`;
 * - `GET  /v2.1/merchants/{merchant_code}/transactions?client_transaction_id=…` → the transaction
 *   (`status` SUCCESSFUL | CANCELLED | FAILED | PENDING, `transaction_code`, `amount` in major units);
 *   404 while the reader has not created it yet.
 * Authentication: `Authorization: Bearer <API key>`.
 */
import { CardProviderError, type CardProvider, type CardReader, type ProviderTransaction, type ReaderStatus } from './provider.ts';

export interface SumUpOptions {
  apiKey: string;
  merchantCode: string;
  /** Default https://api.sumup.com; tests point it at a local fake. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const READER_STATUSES: ReaderStatus[] = ['paired', 'processing', 'expired', 'unknown'];
const UNREACHABLE = 'Le service de paiement SumUp ne répond pas. Réessayez dans un instant.';

interface SumUpReader {
  id: string;
  name?: string;
  status?: string;
  device?: { identifier?: string; model?: string };
}
interface SumUpError {
  errors?: { detail?: string; message?: string } | Array<{ message?: string }>;
  message?: string;
  detail?: string;
}

function errorDetail(body: SumUpError | undefined): string | undefined {
  if (!body) return undefined;
  if (Array.isArray(body.errors)) return body.errors[0]?.message;
  return body.errors?.detail ?? body.errors?.message ?? body.detail ?? body.message;
}

export function createSumUpProvider(options: SumUpOptions): CardProvider {
  const base = (options.baseUrl ?? 'https://api.sumup.com').replace(/\/$/, '');
  const merchant = encodeURIComponent(options.merchantCode);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;

  async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(base + path, {
        ...init,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new CardProviderError(UNREACHABLE, 503);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (res.status === 401 || res.status === 403) throw new CardProviderError('SumUp refuse la clé API configurée (SUMUP_API_KEY).', 502);
    if (res.status >= 500) throw new CardProviderError(UNREACHABLE, 502);
    return { status: res.status, body };
  }

  return {
    name: 'sumup',
    async listReaders(): Promise<CardReader[]> {
      const { status, body } = await call(`/v0.1/merchants/${merchant}/readers`);
      if (status !== 200) throw new CardProviderError(`SumUp : ${errorDetail(body as SumUpError) ?? `réponse ${status}`}`);
      const items = (body as { items?: SumUpReader[] })?.items ?? [];
      return items.map((r) => ({
        id: r.id,
        name: r.name ?? '',
        status: (READER_STATUSES as string[]).includes(r.status ?? '') ? (r.status as ReaderStatus) : 'unknown',
        device: { identifier: r.device?.identifier ?? '', model: r.device?.model ?? '' },
      }));
    },

    async startCheckout({ readerId, amountCents, description }) {
      const { status, body } = await call(`/v0.1/merchants/${merchant}/readers/${encodeURIComponent(readerId)}/checkout`, {
        method: 'POST',
        body: JSON.stringify({ total_amount: { value: amountCents, currency: 'EUR', minor_unit: 2 }, description }),
      });
      const id = (body as { data?: { client_transaction_id?: string } })?.data?.client_transaction_id;
      if ((status === 201 || status === 200) && id) return { clientTransactionId: id };
      if (status === 404) throw new CardProviderError('Lecteur CB inconnu chez SumUp.', 404);
      const detail = errorDetail(body as SumUpError);
      throw new CardProviderError(
        `SumUp refuse le paiement${detail ? ` : ${detail}` : ` (réponse ${status})`}`,
        status === 422 || status === 400 ? 422 : 502,
      );
    },

    async transactionStatus(clientTransactionId): Promise<ProviderTransaction> {
      const { status, body } = await call(
        `/v2.1/merchants/${merchant}/transactions?client_transaction_id=${encodeURIComponent(clientTransactionId)}`,
      );
      // The reader creates the transaction when the card is presented: until then, it is pending.
      if (status === 404) return { status: 'PENDING', transactionCode: null, amountCents: null };
      if (status !== 200) throw new CardProviderError(`SumUp : ${errorDetail(body as SumUpError) ?? `réponse ${status}`}`);
      const tx = body as { status?: string; transaction_code?: string; amount?: number };
      const mapped = tx.status === 'SUCCESSFUL' ? 'SUCCESSFUL' : tx.status === 'FAILED' || tx.status === 'CANCELLED' ? 'FAILED' : 'PENDING';
      return {
        status: mapped,
        transactionCode: tx.transaction_code ?? null,
        amountCents: typeof tx.amount === 'number' ? Math.round(tx.amount * 100) : null,
      };
    },
  };
}
