/** Typed client for the gateway paths the raffle screens use; screens call these, never `fetch`. */
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';

/** A ticket price tier (SPEC §3): `nb` tickets for `p` euros. */
export interface Tier {
  nb: number;
  p: number;
}

export interface EventSummary {
  id: number;
  name: string;
  startsOn: string | null;
}

export interface LawPanel {
  totalValue: number;
  totalCost: number;
  ticketRevenue: number;
  /** Percent, one decimal; null before any ticket is sold. */
  costRatio: number | null;
  limit: number;
  warnings: string[];
}

export interface RaffleSummary {
  id: number;
  name: string;
  eventId: number | null;
  eventName: string | null;
  eventKnown: boolean;
  tickets: number;
  sold: number;
  held: number;
  revenue: number;
  state: 'open' | 'closed' | 'drawn';
  salesClosedAt: string | null;
  drawnAt: string | null;
}

export interface RaffleDetails extends RaffleSummary {
  price: Tier[];
  law: LawPanel;
}

/** SPEC §3 raffle prize, as the service presents it. */
export interface Prize {
  id: number;
  raffleId: number;
  name: string;
  label: string;
  weight: number;
  rank: number;
  price: number;
  cost: number;
  provider: string;
  quantity: number;
  alcohol: boolean;
  Alcohol: boolean;
  illustration: string | null;
  image: string | null;
}

/** What the prize forms send (SPEC §7: name, weight, price, quantity, alcohol — plus cost and provider). */
export interface PrizeDraft {
  name: string;
  weight: number | string;
  price: number | string;
  quantity: number | string;
  alcohol: boolean;
  cost?: number | string;
  provider?: string;
}

export interface DrawingWinner {
  civility: string | null;
  firstname: string;
  lastname: string;
  number: number;
  email?: string | null;
  phone?: string | null;
}

/** SPEC §3 drawing result. */
export interface DrawingResult {
  prize: { id: number; name: string; quantity: number; image: string | null };
  winners: DrawingWinner[];
}

export interface DrawingState {
  raffleId: number;
  algorithm: string;
  state: 'open' | 'closed' | 'drawn';
  commitment: string | null;
  ticketsHash: string | null;
  ticketsCount: number | null;
  salesClosedAt: string | null;
  drawnAt: string | null;
  seed: string | null;
  proofUrl: string;
}

export interface DrawingAnswer {
  success: boolean;
  data: DrawingResult[];
  drawing?: DrawingState;
  message?: string;
  raffle?: { id: number; name: string; eventName?: string | null; drawnAt: string | null } | null;
}

export interface DrawingProof {
  algorithm: string;
  raffleId: number;
  commitment: string;
  ticketsHash: string;
  tickets: number[];
  seed: string | null;
  prizes: Array<{ id: number; rank: number; quantity: number }>;
  winners: Array<{ prizeId: number; number: number }>;
}

export interface Presale {
  id: number;
  name: string;
  eventName: string | null;
  eventDate: string | null;
  tickets: number;
  remaining: number;
  price: Tier[];
  prizes: Array<{ id: number; name: string; rank: number; quantity: number; price: number; alcohol: boolean; image: string | null }>;
}

/** The raffle the public pages show and the home banner, as the administration edits them. */
export interface FeaturedSettings {
  raffleId: number | null;
  raffle: { id: number; name: string; eventName: string | null; state: RaffleSummary['state'] } | null;
  bannerShown: boolean;
  bannerTitle: string;
  bannerText: string;
  updatedAt: string | null;
}

export interface FeaturedChoice {
  raffleId: number | null;
  bannerShown: boolean;
  bannerTitle: string;
  bannerText: string;
}

/** SPEC §3 gift basket type: a basket to win, with its value. */
export interface BasketType {
  id: number;
  name: string;
  price: number;
  realWeight: number | null;
  weighedAt: string | null;
}

export interface GiftBasketSummary {
  id: number;
  name: string;
  eventId: number | null;
  eventName: string | null;
  eventKnown: boolean;
  types: BasketType[];
  sold: number;
  revenue: number;
  price?: Tier[];
}

/** SPEC §3 basket winner: id, label, result (weigh, person). */
export interface BasketWinner {
  id: number;
  label: string;
  realWeight: number | null;
  result: {
    weigh: number;
    person: { id: number | null; civility: string | null; firstname: string | null; lastname: string | null; email: string | null; phone: string | null };
  } | null;
}

const readSessionToken = () => localStorage.getItem(SESSION_STORAGE_KEY);

/** Administration calls carry the signed-in staff member's token. */
const admin = createApiClient({ getToken: readSessionToken });
/** Public pages never send a token (a stale one would be refused). */
const visitor = createApiClient();

const id = (value: number) => encodeURIComponent(value);

export const raffleApi = {
  listRaffles: () => admin.get<RaffleSummary[]>('/api/admin/raffles'),
  listEvents: () => admin.get<EventSummary[]>('/api/admin/raffles/events'),
  getRaffle: (raffleId: number) => admin.get<RaffleDetails>(`/api/admin/raffles/${id(raffleId)}`),

  /** `GET /api/admin/raffle/{id}` → the tiers. */
  getRaffleTiers: (raffleId: number) => admin.get<Tier[]>(`/api/admin/raffle/${id(raffleId)}`),
  /** `POST /api/admin/raffle` with `{price}` and the settings of the new raffle. */
  createRaffle: (body: { price: Tier[]; eventId?: number; name?: string; tickets?: number }) =>
    admin.post<{ success: boolean; id: number; price: Tier[] }>('/api/admin/raffle', body),
  /** `DELETE /api/admin/raffle/{id}`: only a raffle without sales (409 otherwise). */
  deleteRaffle: (raffleId: number) => admin.delete<{ success: boolean; id: number }>(`/api/admin/raffle/${id(raffleId)}`),
  getFeatured: () => admin.get<FeaturedSettings>('/api/admin/raffles/featured'),
  saveFeatured: (choice: FeaturedChoice) => admin.put<FeaturedSettings>('/api/admin/raffles/featured', choice),
  /** `PUT /api/admin/raffle/{id}` with `{price}`. */
  updateRaffleTiers: (raffleId: number, body: { price: Tier[]; name?: string; tickets?: number }) =>
    admin.put<{ success: boolean; id: number; price: Tier[] }>(`/api/admin/raffle/${id(raffleId)}`, body),

  listPrizes: (raffleId: number) => admin.get<Prize[]>(`/api/admin/raffles/${id(raffleId)}/prizes`),
  addPrize: (raffleId: number, prize: PrizeDraft) => admin.post<Prize>(`/api/admin/raffles/${id(raffleId)}/prizes`, prize),
  getPrize: (prizeId: number) => admin.get<Prize>(`/api/admin/prizes/${id(prizeId)}`),
  /** `PUT /api/admin/prizes/{id}`: the whole prize in, the updated prize out. */
  updatePrize: (prize: Prize) => admin.put<Prize>(`/api/admin/prizes/${id(prize.id)}`, prize),
  deletePrize: (prizeId: number) => admin.delete<{ success: boolean }>(`/api/admin/prizes/${id(prizeId)}`),
  /** Multipart upload of an illustration (field `file`). */
  uploadIllustration: (prizeId: number, file: File) => upload<Prize>(`/api/admin/prizes/${id(prizeId)}/illustration`, file),

  getDrawing: (raffleId: number) => admin.get<DrawingAnswer>(`/api/admin/raffle/${id(raffleId)}/drawing`),
  closeSales: (raffleId: number) => admin.post<DrawingAnswer>(`/api/admin/raffle/${id(raffleId)}/close`),
  runDrawing: (raffleId: number) => admin.post<DrawingAnswer>(`/api/admin/raffle/${id(raffleId)}/drawing`),

  listGiftBaskets: () => admin.get<GiftBasketSummary[]>('/api/admin/gift-basket'),
  getGiftBasket: (basketId: number) => admin.get<GiftBasketSummary & { price: Tier[] }>(`/api/admin/gift-basket/${id(basketId)}/summary`),
  getGiftBasketTiers: (basketId: number) => admin.get<Tier[]>(`/api/admin/gift-basket/${id(basketId)}`),
  createGiftBasket: (body: { price: Tier[]; eventId?: number; name?: string }) =>
    admin.post<{ success: boolean; id: number; price: Tier[] }>('/api/admin/gift-basket', body),
  updateGiftBasketTiers: (basketId: number, body: { price: Tier[]; name?: string }) =>
    admin.put<{ success: boolean; id: number; price: Tier[] }>(`/api/admin/gift-basket/${id(basketId)}`, body),
  listBasketTypes: (basketId: number) => admin.get<BasketType[]>(`/api/admin/gift-basket/${id(basketId)}/prizes`),
  addBasketType: (basketId: number, type: { name: string; price: string | number }) =>
    admin.post<BasketType>(`/api/admin/gift-basket/${id(basketId)}/prizes`, type),
  updateBasketType: (type: { id: number; name: string; price: string | number }) =>
    admin.put<BasketType>(`/api/admin/gift-basket/types/${id(type.id)}`, { name: type.name, price: type.price }),
  deleteBasketType: (typeId: number) => admin.delete<{ success: boolean }>(`/api/admin/gift-basket/types/${id(typeId)}`),
  weighBasket: (basketId: number, typeId: number, weight: number) =>
    admin.post<BasketType>(`/api/admin/gift-basket/${id(basketId)}/weigh`, { typeId, weight }),
  /** `GET /api/admin/gift-basket/{id}/weigh/result` → `{success, data}`. */
  getWinners: (basketId: number) => admin.get<{ success: boolean; data: BasketWinner[] }>(`/api/admin/gift-basket/${id(basketId)}/weigh/result`),

  /** Public: `GET /api/public/raffle/drawing/results` → `{success, data}`. */
  getPublicResults: (raffleId?: number) =>
    visitor.get<DrawingAnswer>(`/api/public/raffle/drawing/results${raffleId ? `?raffleId=${id(raffleId)}` : ''}`),
  getPresale: () => visitor.get<{ success: boolean; data: Presale | null }>('/api/public/raffle/presale'),
  getProof: (raffleId: number) => visitor.get<{ success: boolean; data: DrawingProof }>(`/api/public/raffle/${id(raffleId)}/drawing/proof`),
};

/** A multipart POST (the UI kit's client speaks JSON only); failures become French ApiErrors. */
async function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const token = readSessionToken();
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const payload = (await response.json().catch(() => undefined)) as { error?: string } | undefined;
  if (!response.ok) throw new ApiError(response.status, payload?.error ?? `Erreur HTTP : ${response.status}`);
  return payload as T;
}
