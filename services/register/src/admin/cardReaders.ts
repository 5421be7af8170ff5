/**
 * Pairing the card readers (back office): list, pair with the code the reader shows, rename,
 * unpair. SumUp's documented Readers API, or the simulator's table in demo mode.
 * - `POST   /v0.1/merchants/{merchant_code}/readers` `{ pairing_code, name }` → 201 Reader
 * - `PATCH  /v0.1/merchants/{merchant_code}/readers/{id}` `{ name }` → 200 Reader
 * - `DELETE /v0.1/merchants/{merchant_code}/readers/{id}` → 200/204
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import type { AdminCardReader } from '@kermesse/contracts-register';
import { CardProviderError, type CardProvider } from '../payments/provider.ts';
import { simulatedReaderId } from '../payments/simulator.ts';
import { deleteSimulatedReader, insertSimulatedReader, renameSimulatedReader } from '../repositories/simulatedReaders.ts';
import type { SumUpOptions } from '../payments/sumup.ts';

export interface ReaderAdmin {
  readonly provider: 'sumup' | 'simulator';
  list(): Promise<AdminCardReader[]>;
  pair(input: { pairingCode: string; name: string }): Promise<AdminCardReader>;
  rename(id: string, name: string): Promise<AdminCardReader | undefined>;
  /** False when no such reader. */
  unpair(id: string): Promise<boolean>;
}

/** Demo mode: a pairing code always pairs a new simulated reader (outcome « success »). */
export function createSimulatorReaderAdmin(db: Db, provider: CardProvider): ReaderAdmin {
  const find = async (id: string) => (await provider.listReaders()).find((r) => r.id === id);
  return {
    provider: 'simulator',
    list: () => provider.listReaders(),
    async pair({ name }) {
      const id = simulatedReaderId();
      await insertSimulatedReader(db, {
        id,
        name,
        identifier: randomBytes(8).toString('hex').toUpperCase(),
        status: 'paired',
        outcome: 'success',
        settle_ms: 2000,
      });
      return (await find(id))!;
    },
    async rename(id, name) {
      return (await renameSimulatedReader(db, id, name)) ? find(id) : undefined;
    },
    async unpair(id) {
      return deleteSimulatedReader(db, id);
    },
  };
}

interface SumUpReader {
  id: string;
  name?: string;
  status?: string;
  device?: { identifier?: string; model?: string };
}
const STATUSES = ['paired', 'processing', 'expired', 'unknown'] as const;
const UNREACHABLE = 'Le service de paiement SumUp ne répond pas. Réessayez dans un instant.';

const toReader = (r: SumUpReader): AdminCardReader => ({
  id: r.id,
  name: r.name ?? '',
  status: (STATUSES as readonly string[]).includes(r.status ?? '') ? (r.status as AdminCardReader['status']) : 'unknown',
  device: { identifier: r.device?.identifier ?? '', model: r.device?.model ?? '' },
});

export function createSumUpReaderAdmin(options: SumUpOptions, provider: CardProvider): ReaderAdmin {
  const base = (options.baseUrl ?? 'https://api.sumup.com').replace(/\/$/, '');
  const readers = `${base}/v0.1/merchants/${encodeURIComponent(options.merchantCode)}/readers`;
  const doFetch = options.fetch ?? fetch;
  async function call(url: string, method: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new CardProviderError(UNREACHABLE, 503);
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (res.status === 401 || res.status === 403) throw new CardProviderError('SumUp refuse la clé API configurée (SUMUP_API_KEY).', 502);
    if (res.status >= 500) throw new CardProviderError(UNREACHABLE, 502);
    return { status: res.status, body: parsed };
  }
  const detail = (body: unknown) => {
    const b = body as { errors?: { detail?: string } | Array<{ message?: string }>; detail?: string; message?: string } | undefined;
    if (Array.isArray(b?.errors)) return b.errors[0]?.message;
    return b?.errors?.detail ?? b?.detail ?? b?.message;
  };
  return {
    provider: 'sumup',
    list: () => provider.listReaders(),
    async pair({ pairingCode, name }) {
      const { status, body } = await call(readers, 'POST', { pairing_code: pairingCode, name });
      if (status === 201 || status === 200) return toReader(body as SumUpReader);
      // SumUp answers 400/404/409 when the code is wrong, expired or already used.
      throw new CardProviderError(
        `SumUp refuse l'appairage : ${detail(body) ?? "code d'appairage inconnu ou expiré"}.`,
        status === 409 ? 409 : 400,
      );
    },
    async rename(id, name) {
      const { status, body } = await call(`${readers}/${encodeURIComponent(id)}`, 'PATCH', { name });
      if (status === 404) return undefined;
      if (status >= 400) throw new CardProviderError(`SumUp : ${detail(body) ?? `réponse ${status}`}`);
      return body ? toReader(body as SumUpReader) : (await provider.listReaders()).find((r) => r.id === id);
    },
    async unpair(id) {
      const { status, body } = await call(`${readers}/${encodeURIComponent(id)}`, 'DELETE');
      if (status === 404) return false;
      if (status >= 400) throw new CardProviderError(`SumUp : ${detail(body) ?? `réponse ${status}`}`);
      return true;
    },
  };
}
