/**
 * SumUp's payouts, read from its documented REST API (developer.sumup.com, « Payouts »), with the
 * same key, merchant code and address as the register's card readers (SUMUP_API_KEY,
 * SUMUP_MERCHANT_CODE, SUMUP_API_URL):
 * `GET /v1.0/merchants/{merchant_code}/payouts?start_date=…&end_date=…&format=json&order=asc&limit=…`
 * → `[{ id, type, amount, fee, currency, date, status, reference, transaction_code }]`, amounts in
 * major units. Authentication: `Authorization: Bearer <API key>`.
 */
import { HttpError } from '@kermesse/kit/http';
import { accountingMessage } from '@kermesse/contracts-accounting';

export interface SumUpCredentials {
  apiKey: string;
  merchantCode: string;
  /** https://api.sumup.com; the tests give their fake's address. */
  baseUrl: string;
}

/** One record of SumUp's payouts list: a payout (`PAYOUT`) or a deduction from the merchant's funds. */
export interface SumUpPayoutRecord {
  id: number;
  type: string;
  amount: number;
  fee: number;
  currency: string;
  date: string;
  status: string;
  reference?: string;
  transaction_code?: string;
}

export const sumUpUnavailable = () => new HttpError(502, accountingMessage('SUMUP_UNAVAILABLE')).withCode('SUMUP_UNAVAILABLE');
export const sumUpRefused = () => new HttpError(502, accountingMessage('SUMUP_REFUSED')).withCode('SUMUP_REFUSED');

/** The payout records of the days between `from` and `to` (both included), oldest first. */
export async function listSumUpPayouts(sumup: SumUpCredentials, from: string, to: string): Promise<SumUpPayoutRecord[]> {
  const query = new URLSearchParams({ start_date: from, end_date: to, format: 'json', order: 'asc', limit: '9999' });
  let res: Response;
  try {
    res = await fetch(
      `${sumup.baseUrl.replace(/\/$/, '')}/v1.0/merchants/${encodeURIComponent(sumup.merchantCode)}/payouts?${query.toString()}`,
      { headers: { authorization: `Bearer ${sumup.apiKey}`, accept: 'application/json' }, signal: AbortSignal.timeout(15_000) },
    );
  } catch {
    throw sumUpUnavailable();
  }
  if (res.status === 401 || res.status === 403) throw sumUpRefused();
  if (!res.ok) throw sumUpUnavailable();
  const body = (await res.json().catch(() => null)) as unknown;
  if (!Array.isArray(body)) throw sumUpUnavailable();
  return body as SumUpPayoutRecord[];
}
