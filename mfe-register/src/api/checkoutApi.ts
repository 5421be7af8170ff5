/**
 * Typed client for the sales screen (docs/spec.md §7 « Cash register », services/register/API.md): every
 * call the register makes, with euros turned into cents and the docs/spec.md §9 local caches. Screens use
 * it through `useCheckoutApi()`, never `fetch`.
 */
import { ApiError, createApiClient, type ApiClient } from '@kermesse/ui-kit';
import { parseCartonNights, type CartonNight } from '../cart/cartons';
import type { Bet, CartProduct, Person, ProductCategory, TicketCategory, TicketCategoryConfig } from '../cart/types';
import type { SoldBet } from '../cart/bets';
import { CATALOG_MAX_AGE_MS, cacheKeys, readCache, writeCache } from './localCache';
import { toCents } from '@kermesse/contracts-common';
import { catalogRefreshCalls } from '../register/CatalogRefresh';
import { ticketBlockCalls } from '../sale/ticketBlock';
import type {
  Buyer,
  CardReader as CardReaderAnswer,
  CheckoutData,
  TicketCategory as TicketCategoryAnswer,
  TicketCategoryConfig as TicketCategoryConfigAnswer,
} from '@kermesse/contracts-register';
import type { SaleBody } from '../sale/buildSale';
import type { PaymentsAnswer, PendingSalesAnswer, SaleCreated } from './answers';

/** A product of the grid: a cart product plus what the grid shows about it. */
export interface CatalogProduct extends CartProduct {
  kind: 'product' | 'raffle' | 'giftbasket' | 'bingo';
  raffleId?: number;
  giftBasketId?: number;
  /** Stock at or below its alert threshold, as the checkout data says. */
  stockAlert: boolean;
  /** Its barcode (EAN), found by a scanner (docs/gate.md §5). */
  ean?: string;
}

export interface RaffleInfo {
  id: number;
  name: string;
  /** Total number of tickets of the raffle (numbers 1…tickets). */
  tickets: number;
}

export interface GiftBasketInfo {
  id: number;
  name: string;
  types: { id: number; name: string }[];
}

/** Everything the sales screen needs about its register (docs/spec.md §3 checkout data + ticket category config). */
export interface CheckoutCatalog {
  checkoutId: number;
  name: string;
  categories: ProductCategory[];
  products: CatalogProduct[];
  raffles: RaffleInfo[];
  giftBaskets: GiftBasketInfo[];
  ticketConfig: TicketCategoryConfig;
  /** Loto nights whose cartons this register sells. */
  bingos?: CartonNight[];
}

export interface PendingSale {
  id: number;
  reference: string;
  priceCents: number;
  paidCents: number;
  remainingCents: number;
  buyer: string;
  eventName: string;
}

export interface PendingPayment {
  method: 'CB' | 'ESP' | 'CHQ' | null;
  amountCents: number;
  reference: string;
}

export interface PendingPaymentResult {
  paidCents: number;
  remainingCents: number;
  settled: boolean;
}

export interface CardReader {
  id: string;
  identifier: string;
  status: string;
  name?: string;
}

export type TransactionStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

export interface SaleResult {
  success: boolean;
  deliveryMethod: SaleCreated['deliveryMethod'];
  orderType: SaleCreated['orderType'];
  receiptHtml: string;
  orderHtml: string;
  error: string | null;
  reference: string | null;
  totalCents: number | null;
}

/** Reader list failures (docs/spec.md §8). */
export const READERS_FETCH_FAILED = 'Impossible de récupérer les lecteurs CB';
export const READERS_FAILURE_STATUS = 'Impossible de récupérer les lecteurs CB';

const path = (value: number | string) => encodeURIComponent(String(value));

function tiers(dto: TicketCategoryAnswer): TicketCategory {
  return {
    id: dto.id,
    tiers: (dto.price ?? []).map((tier) => ({ nb: Number(tier.nb), priceCents: toCents(tier.p) })),
    raffleId: dto.raffleId,
    giftBasketId: dto.giftBasketId,
  };
}

/** Checkout data and ticket config (first and second items of the answer) → the screen's catalogue. */
export function toCatalog(checkoutId: number, answer: unknown): CheckoutCatalog {
  const list = Array.isArray(answer) ? answer : [answer];
  const data = list[0] as CheckoutData | undefined;
  if (!data || !Array.isArray(data.products)) throw new Error('Réponse inattendue pour la caisse.');
  const config = (list[1] ?? { raffles: [], giftBaskets: [] }) as Partial<TicketCategoryConfigAnswer>;

  const products: CatalogProduct[] = data.products.map((product) => ({
    id: product.id,
    name: product.name,
    priceCents: toCents(product.price),
    category: { id: product.productCategory.id, name: product.productCategory.name },
    image: product.image,
    clickAndCollectEligible: Boolean(product.clickAndCollectEligible),
    alcohol: Boolean(product.alcoohol),
    ticketsPerUnit: product.tickets,
    kind: product.kind ?? 'product',
    raffleId: product.raffleId,
    giftBasketId: product.giftBasketId,
    stockAlert: Boolean(product.stockAlert),
    ...(product.ean ? { ean: product.ean } : {}),
  }));

  // Category tabs in the order the server gives them, else in the order products appear.
  const categories: ProductCategory[] = [];
  const seen = new Set<number>();
  const sources = data.categories && data.categories.length > 0 ? data.categories : products.map((product) => product.category);
  for (const category of sources) {
    if (seen.has(category.id) || !products.some((product) => product.category.id === category.id)) continue;
    seen.add(category.id);
    categories.push({ id: category.id, name: category.name });
  }

  const raffles = (data.raffles ?? []).map((raffle) => ({
    id: raffle.id,
    name: raffle.name ?? `Tombola ${raffle.id}`,
    tickets: Number(raffle.tickets) || 0,
  }));
  const giftBaskets = (data.giftBaskets ?? []).map((basket) => ({
    id: basket.id,
    name: basket.name ?? `Panier garni ${basket.id}`,
    types: (basket.types ?? []).map((type) => ({ id: type.id, name: type.name })),
  }));
  const ticketConfig: TicketCategoryConfig = {
    raffles: (config.raffles ?? []).map(tiers),
    giftBaskets: (config.giftBaskets ?? []).map(tiers),
  };

  // Which raffle (basket) a ticket product sells: the product says it, else its category, else the only one.
  for (const product of products) {
    const raffleCategory = ticketConfig.raffles.find((category) => category.id === product.category.id);
    if (raffleCategory && product.raffleId === undefined)
      product.raffleId = raffleCategory.raffleId ?? (raffles.length === 1 ? raffles[0]?.id : undefined);
    if (raffleCategory && product.kind === 'product') product.kind = 'raffle';
    const basketCategory = ticketConfig.giftBaskets.find((category) => category.id === product.category.id);
    if (basketCategory && product.giftBasketId === undefined) {
      product.giftBasketId = basketCategory.giftBasketId ?? (giftBaskets.length === 1 ? giftBaskets[0]?.id : undefined);
    }
    if (basketCategory && product.kind === 'product') product.kind = 'giftbasket';
  }

  return {
    checkoutId,
    name: data.name ?? '',
    categories,
    products,
    raffles,
    giftBaskets,
    ticketConfig,
    bingos: parseCartonNights(data, list[1]),
  };
}

function toPerson(dto: Buyer): Person {
  return {
    id: dto.id,
    firstname: dto.firstname ?? '',
    lastname: dto.lastname ?? '',
    phone: dto.phone ?? null,
    email: dto.email ?? null,
  };
}

/** Lists may come bare or wrapped in `data` / `items`. */
function listOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    const { data, items } = answer as { data?: unknown; items?: unknown };
    if (Array.isArray(data)) return data as T[];
    if (Array.isArray(items)) return items as T[];
    if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) return (data as { items: T[] }).items;
  }
  return [];
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>;

/**
 * Reads of a cached answer (catalogue, settings) asked again while the first is on its way share it:
 * on a phone's first visit the register's screen asked its catalogue and settings a second time
 * while prefetchKeptRegister's were still coming (a round trip of 562 ms on slow 4G).
 * Keyed like the local cache, which does not depend on the account either.
 */
const readsOnTheirWay = new Map<string, Promise<unknown>>();
function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const pending = readsOnTheirWay.get(key);
  if (pending) return pending as Promise<T>;
  const answer = read().finally(() => readsOnTheirWay.delete(key));
  readsOnTheirWay.set(key, answer);
  return answer;
}

/** The register's calls on top of an API client (the token comes from the client). */
export function createCheckoutApi(client: ApiClient) {
  return {
    // The catalogue version and a catalogue asked past every cache (register/CatalogRefresh.tsx).
    ...catalogRefreshCalls(client),
    // Raffle blocks for selling tickets offline (sale/ticketBlock.ts).
    ...ticketBlockCalls(client),
    /** The catalogue from the fresh local copy, if there is one (no call): what `getCheckout` would answer at once. */
    peekCheckout(checkoutId: number): CheckoutCatalog | undefined {
      const cached = readCache<unknown>(cacheKeys.checkout(checkoutId), CATALOG_MAX_AGE_MS);
      if (cached === undefined) return undefined;
      try {
        return toCatalog(checkoutId, cached);
      } catch {
        return undefined;
      }
    },
    /** The settings from the fresh local copy, if there is one (no call). */
    peekSettings(eventId?: number): unknown {
      return readCache<unknown>(eventId === undefined ? cacheKeys.settings() : `${cacheKeys.settings()}.${eventId}`, CATALOG_MAX_AGE_MS);
    },
    /** `GET /api/cr/checkouts/{id}`, kept 600 s in local storage. */
    async getCheckout(checkoutId: number, { fresh = false } = {}): Promise<CheckoutCatalog> {
      const key = cacheKeys.checkout(checkoutId);
      const cached = fresh ? undefined : readCache<unknown>(key, CATALOG_MAX_AGE_MS);
      if (cached !== undefined) {
        try {
          return toCatalog(checkoutId, cached);
        } catch {
          // A cache written by an older version: load again.
        }
      }
      const ask = () => client.get<unknown>(`/api/cr/checkouts/${path(checkoutId)}`);
      const answer = fresh ? await ask() : await sharedRead(key, ask);
      const catalog = toCatalog(checkoutId, answer);
      writeCache(key, answer);
      return catalog;
    },

    /**
     * `GET /api/cr/settings?eventId=…`, kept 600 s per event: the screen reads its meal-deal rule
     * (the event's own, the one the server prices sales with). `fresh` asks past every cache.
     */
    async loadSettings(eventId?: number, { fresh = false } = {}): Promise<unknown> {
      const key = eventId === undefined ? cacheKeys.settings() : `${cacheKeys.settings()}.${eventId}`;
      const cached = fresh ? undefined : readCache<unknown>(key, CATALOG_MAX_AGE_MS);
      if (cached !== undefined) return cached;
      const query = eventId === undefined ? '' : `?eventId=${encodeURIComponent(String(eventId))}`;
      const answer = fresh
        ? await client.get<unknown>(`/api/cr/settings${query}`, { headers: { 'Cache-Control': 'no-cache' } })
        : await sharedRead(key, () => client.get<unknown>(`/api/cr/settings${query}`));
      writeCache(key, answer);
      return answer;
    },

    /** `POST /api/cr/users/findOrCreate`: the person, or null when nobody matches. */
    async findPerson(criteria: { email: string; phone: string }): Promise<Person | null> {
      try {
        const answer = await client.post<{ success?: boolean; data?: { user?: Buyer } }>('/api/cr/users/findOrCreate', criteria);
        return answer?.success !== false && answer?.data?.user ? toPerson(answer.data.user) : null;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403)
          return null;
        throw error;
      }
    },

    /** `POST /api/cr/users/create`. */
    async createPerson(person: { email: string; phone: string; firstName: string; lastName: string }): Promise<Person> {
      const answer = await client.post<{ data?: { user?: Buyer } }>('/api/cr/users/create', person);
      if (!answer?.data?.user) throw new Error('Réponse inattendue du serveur.');
      return toPerson(answer.data.user);
    },

    /** `POST /api/cr/sale/create` with the attempt's Idempotency-Key. */
    async createSale(sale: SaleBody, idempotencyKey: string): Promise<SaleResult> {
      const answer = await client.post<SaleCreated>('/api/cr/sale/create', { sale }, { headers: { 'Idempotency-Key': idempotencyKey } });
      return {
        success: answer?.success ?? true,
        deliveryMethod: answer?.deliveryMethod ?? 'print',
        orderType: answer?.orderType ?? 'standard',
        receiptHtml: answer?.printData?.receiptHtml ?? '',
        orderHtml: answer?.printData?.orderHtml ?? '',
        error: answer?.error ?? null,
        reference: answer?.sale?.reference ?? null,
        totalCents: typeof answer?.sale?.price === 'number' ? toCents(answer.sale.price) : null,
      };
    },

    /** `GET /api/cr/sale/list/{eventId}/pending`. */
    async listPendingSales(eventId: number): Promise<PendingSale[]> {
      const answer = await client.get<unknown>(`/api/cr/sale/list/${path(eventId)}/pending`);
      return listOf<PendingSalesAnswer[number]>(answer).map((sale) => {
        const priceCents = toCents(sale.price);
        const paidCents = sale.paid === undefined ? 0 : toCents(sale.paid);
        const person = sale.buyer?.person;
        return {
          id: sale.id,
          reference: sale.reference,
          priceCents,
          paidCents,
          remainingCents: sale.remaining === undefined ? priceCents - paidCents : toCents(sale.remaining),
          buyer: person ? `${person.firstname} ${person.lastname}`.trim() : '',
          eventName: sale.event?.name ?? '',
        };
      });
    },

    /** `GET /api/cr/sale/list/{eventId}/pending/total` → how many sales are on hold. */
    async countPendingSales(eventId: number): Promise<number> {
      const answer = await client.get<{ count?: number }>(`/api/cr/sale/list/${path(eventId)}/pending/total`);
      return Number(answer?.count) || 0;
    },

    /** `GET /api/cr/sale/pending/{saleId}/payments`. */
    async listPendingPayments(saleId: number): Promise<PendingPayment[]> {
      const answer = await client.get<unknown>(`/api/cr/sale/pending/${path(saleId)}/payments`);
      return listOf<PaymentsAnswer[number]>(answer).map((payment) => ({
        method: payment.method ?? null,
        amountCents: toCents(payment.amount),
        reference: payment.payment_reference ?? '',
      }));
    },

    /** `POST /api/cr/sale/pending/{saleId}/payment` with `[{ price, payment_mode, reference }]`. */
    async addPendingPayment(
      saleId: number,
      payment: { amountCents: number; paymentMode: number; reference: string },
      idempotencyKey: string,
    ): Promise<PendingPaymentResult> {
      const body = [{ price: payment.amountCents / 100, payment_mode: payment.paymentMode, reference: payment.reference }];
      const answer = await client.post<{ paid?: number; remaining?: number; settled?: boolean }>(
        `/api/cr/sale/pending/${path(saleId)}/payment`,
        body,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      );
      const remainingCents = answer?.remaining === undefined ? 0 : toCents(answer.remaining);
      return {
        paidCents: answer?.paid === undefined ? 0 : toCents(answer.paid),
        remainingCents,
        settled: answer?.settled ?? remainingCents === 0,
      };
    },

    /** `GET /api/cr/order/{ref}/print` → printable HTML. */
    async printableOrder(reference: string): Promise<string> {
      const answer = await client.get<unknown>(`/api/cr/order/${path(reference)}/print`);
      return typeof answer === 'string' ? answer : '';
    },

    /**
     * `POST /api/cr/order/{ref}/receipt` `{ method, to }`: « Envoyer reçu » after the sale; the contact
     * service sends it. Resolves to the delivery method the server confirms.
     */
    async sendReceipt(
      reference: string,
      request: { method: 'sms' | 'email'; to: string },
      idempotencyKey: string,
    ): Promise<'sms' | 'email'> {
      const answer = await client.post<{ success?: boolean; deliveryMethod?: 'sms' | 'email'; error?: string }>(
        `/api/cr/order/${path(reference)}/receipt`,
        request,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      );
      if (answer?.success === false) throw new Error(answer.error || 'Erreur inconnue');
      return answer?.deliveryMethod ?? request.method;
    },

    /** `GET /api/cr/payment/reader`: every reader (the chooser offers the paired ones). */
    async listCardReaders(): Promise<CardReader[]> {
      let answer: { success?: boolean; data?: { items?: CardReaderAnswer[] } };
      try {
        answer = await client.get('/api/cr/payment/reader');
      } catch {
        throw new Error(READERS_FETCH_FAILED);
      }
      if (!answer || answer.success === false) throw new Error(READERS_FAILURE_STATUS);
      return (answer.data?.items ?? []).map((reader) => ({
        id: String(reader.id),
        identifier: reader.device?.identifier ?? String(reader.id),
        status: reader.status,
        name: reader.name,
      }));
    },

    /** `POST /api/cr/payment/reader` `{ amount }` → a card payment intent, reused if the page reloads. */
    async createCardPayment(amountCents: number): Promise<{ id: string; amountCents: number }> {
      const answer = await client.post<{ id: string | number; amount: number }>('/api/cr/payment/reader', { amount: amountCents / 100 });
      return { id: String(answer.id), amountCents: toCents(answer.amount) };
    },

    /**
     * `POST /api/cr/payment/reader/checkout` → the transaction id (undefined when the answer has none).
     * The same `paymentId` answers the same transaction: a reload never charges twice.
     */
    async startReaderCheckout(request: {
      readerId: string;
      amountCents: number;
      description: string;
      paymentId: string;
    }): Promise<string | undefined> {
      const answer = await client.post<{ data?: { client_transaction_id?: string } }>(
        '/api/cr/payment/reader/checkout',
        { rdr: request.readerId, amount: request.amountCents / 100, description: request.description, paymentId: request.paymentId },
        { headers: { 'Idempotency-Key': `card-${request.paymentId}` } },
      );
      const id = answer?.data?.client_transaction_id;
      return typeof id === 'string' && id ? id : undefined;
    },

    /** `GET /api/cr/payment/transaction/{id}/status`. */
    async transactionStatus(transactionId: string): Promise<{ status: TransactionStatus; transactionCode: string }> {
      const answer = await client.get<{ data?: { status?: string; transaction_code?: string } }>(
        `/api/cr/payment/transaction/${path(transactionId)}/status`,
      );
      const status = answer?.data?.status;
      if (status !== 'PENDING' && status !== 'SUCCESSFUL' && status !== 'FAILED') throw new Error('Statut de transaction inconnu');
      return { status, transactionCode: answer?.data?.transaction_code ?? '' };
    },

    /** `GET /api/cr/raffle/{raffleId}/tickets/sold` → sold numbers. */
    async soldTickets(raffleId: number): Promise<Set<number>> {
      const answer = await client.get<unknown>(`/api/cr/raffle/${path(raffleId)}/tickets/sold`);
      return new Set(listOf<{ number: number } | number>(answer).map((item) => Number(typeof item === 'number' ? item : item.number)));
    },

    /** `GET /api/cr/gift-basket/{id}/votes/sold` → sold weights (with their type when given). */
    async soldBets(giftBasketId: number): Promise<SoldBet[]> {
      const answer = await client.get<unknown>(`/api/cr/gift-basket/${path(giftBasketId)}/votes/sold`);
      return listOf<{ weight: number; type?: { id: number } | null; typeId?: number | null }>(answer).map((bet) => ({
        weight: Number(bet.weight),
        typeId: bet.typeId ?? bet.type?.id ?? null,
      }));
    },

    /** `GET /api/cr/gift-basket/{id}/types` → bet types. */
    async betTypes(giftBasketId: number): Promise<Bet['type'][]> {
      const answer = await client.get<unknown>(`/api/cr/gift-basket/${path(giftBasketId)}/types`);
      return listOf<{ id: number; name: string }>(answer).map((type) => ({ id: type.id, name: type.name }));
    },

    /**
     * `GET /api/cr/stocks/{eventId}/stocks/state` → ids of the products in alert, kept per event in
     * local storage. `fresh` asks the stock service to skip its cache (the refresh button).
     */
    async stockAlerts(eventId: number, { fresh = false } = {}): Promise<number[]> {
      const answer = await client.get<{ success?: boolean; stocks?: { id: number; isAlert: boolean }[] }>(
        `/api/cr/stocks/${path(eventId)}/stocks/state${fresh ? '?cache=0' : ''}`,
      );
      if (!answer || answer.success === false || !Array.isArray(answer.stocks)) throw new Error('Réponse inattendue du stock.');
      const inAlert = answer.stocks.filter((stock) => stock.isAlert).map((stock) => Number(stock.id));
      writeCache(cacheKeys.stockAlerts(eventId), inAlert);
      return inAlert;
    },

    /** Stock alerts cached for this event, if any. */
    cachedStockAlerts(eventId: number): number[] | undefined {
      return readCache<number[]>(cacheKeys.stockAlerts(eventId));
    },
  };
}

/** A client for a register screen: the cashier's token on every call. */
export function checkoutApiFor(token: string, fetchImpl?: typeof fetch): CheckoutApi {
  return createCheckoutApi(createApiClient({ getToken: () => token, fetch: fetchImpl }));
}
