/**
 * HelloAsso's public API v5 (docs/helloasso.md §2), the few operations the import uses: a token by
 * OAuth2 client credentials (`POST /oauth2/token`), a form's orders
 * (`GET /v5/organizations/{slug}/forms/{formType}/{formSlug}/orders`) and its payments
 * (`…/payments`, with their cash-out). Pages are followed by `continuationToken`; the token is kept
 * until shortly before it expires, and asked again once when the API says it is no longer valid.
 */
import { createHash } from 'node:crypto';

/** A payer or a ticket holder as HelloAsso gives them. */
export interface HelloAssoPerson {
  firstName?: string;
  lastName?: string;
  email?: string;
  address?: string;
  zipCode?: string;
  city?: string;
  company?: string;
}

export interface HelloAssoOrderItem {
  id: number;
  name?: string;
  /** Cents, after discount, without extra options. */
  amount: number;
  /** `Donation`, `Membership`, `Registration`, `Product`, `Payment`, `Contribution`, … */
  type: string;
  /** `Processed` once paid. */
  state?: string;
  user?: HelloAssoPerson;
}

export interface HelloAssoOrder {
  id: number;
  date: string;
  formSlug?: string;
  formType?: string;
  payer?: HelloAssoPerson;
  items?: HelloAssoOrderItem[];
}

export interface HelloAssoPayment {
  id: number;
  /** Cents, the payer's voluntary contribution to HelloAsso included. */
  amount: number;
  /** The payer's voluntary contribution to HelloAsso, which the association never receives. */
  amountTip?: number;
  date: string;
  state?: string;
  cashOutState?: string;
  idCashOut?: number;
  cashOutDate?: string;
  /** Each item's share of the payment (cents). */
  items?: Array<{ id: number; shareAmount?: number; shareItemAmount?: number; shareOptionsAmount?: number }>;
  /** The refunds made on HelloAsso (`state` `Refunded` once the whole payment went back). */
  refundOperations?: Array<{ id?: number; amount?: number; amountTip?: number; status?: string; meta?: { createdAt?: string } }>;
  /** With a notification: the order the payment belongs to and its form. */
  order?: { id?: number; date?: string; formSlug?: string; formType?: string };
}

export interface HelloAssoCredentials {
  organizationSlug: string;
  clientId: string;
  clientSecret: string;
}

/** Why HelloAsso could not be read, for the service to answer in French. */
export class HelloAssoError extends Error {
  constructor(
    readonly reason: 'refused' | 'not_found' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'HelloAssoError';
  }
}

/** Tokens kept between imports (one per client id and secret), shared by every request of the process. */
export type HelloAssoTokenCache = Map<string, { token: string; expiresAt: number }>;
export const createHelloAssoTokenCache = (): HelloAssoTokenCache => new Map();

export interface HelloAssoClientOptions {
  /** `https://api.helloasso.com` (the token at `/oauth2/token`, the API under `/v5`). */
  baseUrl: string;
  credentials: HelloAssoCredentials;
  cache: HelloAssoTokenCache;
  fetch?: typeof fetch;
  now?: () => number;
  pageSize?: number;
}

interface Page<T> {
  data?: T[];
  pagination?: { continuationToken?: string; pageIndex?: number; totalPages?: number };
}

// A token is renewed this long before HelloAsso says it expires: a request never leaves with a dying one.
const EXPIRY_MARGIN_MS = 60_000;
// Beyond this, a form is more than any school association sells: a loop in the paging stops here.
const MAX_PAGES = 500;

export interface HelloAssoClient {
  formOrders(formType: string, formSlug: string): Promise<HelloAssoOrder[]>;
  formPayments(formType: string, formSlug: string): Promise<HelloAssoPayment[]>;
}

export function createHelloAssoClient(options: HelloAssoClientOptions): HelloAssoClient {
  const { credentials, cache } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 100;
  // Changed credentials are checked again, not served a token the former ones earned.
  const cacheKey = `${base}|${credentials.clientId}|${createHash('sha256').update(credentials.clientSecret).digest('hex').slice(0, 16)}`;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (err) {
      throw new HelloAssoError('unavailable', `HelloAsso injoignable : ${(err as Error).message}`);
    }
  }

  // Orders and payments are read at once: they share the one token request.
  let pending: Promise<string> | null = null;
  function token(): Promise<string> {
    const kept = cache.get(cacheKey);
    if (kept && kept.expiresAt - EXPIRY_MARGIN_MS > now()) return Promise.resolve(kept.token);
    pending ??= newToken().finally(() => (pending = null));
    return pending;
  }

  async function newToken(): Promise<string> {
    const res = await call(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }).toString(),
    });
    if (res.status === 400 || res.status === 401 || res.status === 403) throw new HelloAssoError('refused', `jeton refusé (${res.status})`);
    if (!res.ok) throw new HelloAssoError('unavailable', `jeton : HTTP ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new HelloAssoError('unavailable', 'réponse de jeton sans access_token');
    cache.set(cacheKey, { token: body.access_token, expiresAt: now() + (body.expires_in ?? 1800) * 1000 });
    return body.access_token;
  }

  async function get<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = `${base}/v5${path}?${new URLSearchParams(query).toString()}`;
    for (let attempt = 0; ; attempt++) {
      const res = await call(url, { headers: { authorization: `Bearer ${await token()}`, accept: 'application/json' } });
      // A token HelloAsso revoked before its time: asked again once.
      if (res.status === 401 && attempt === 0) {
        cache.delete(cacheKey);
        continue;
      }
      if (res.status === 401 || res.status === 403) throw new HelloAssoError('refused', `HTTP ${res.status} sur ${path}`);
      if (res.status === 404) throw new HelloAssoError('not_found', `HTTP 404 sur ${path}`);
      if (!res.ok) throw new HelloAssoError('unavailable', `HTTP ${res.status} sur ${path}`);
      return (await res.json()) as T;
    }
  }

  async function all<T>(path: string): Promise<T[]> {
    const rows: T[] = [];
    let continuationToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: Record<string, string> = { pageSize: String(pageSize), sortOrder: 'Asc' };
      if (continuationToken) query.continuationToken = continuationToken;
      const answer = await get<Page<T>>(path, query);
      const data = answer.data ?? [];
      rows.push(...data);
      const next = answer.pagination?.continuationToken;
      const { pageIndex, totalPages } = answer.pagination ?? {};
      // HelloAsso answers an empty page (with a token) past the last one.
      if (data.length === 0 || !next || next === continuationToken) break;
      if (pageIndex !== undefined && totalPages !== undefined && pageIndex >= totalPages) break;
      continuationToken = next;
    }
    return rows;
  }

  const formPath = (formType: string, formSlug: string) =>
    `/organizations/${encodeURIComponent(credentials.organizationSlug)}/forms/${encodeURIComponent(formType)}/${encodeURIComponent(formSlug)}`;

  return {
    formOrders: (formType, formSlug) => all<HelloAssoOrder>(`${formPath(formType, formSlug)}/orders`),
    formPayments: (formType, formSlug) => all<HelloAssoPayment>(`${formPath(formType, formSlug)}/payments`),
  };
}
