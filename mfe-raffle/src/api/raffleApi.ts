/** Typed client for the gateway paths the raffle screens use; screens call these, never `fetch`. */
import { createApiClient, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type {
  Tier,
  EventSummary,
  RaffleSummary,
  RaffleDetails,
  Prize,
  PrizeDraft,
  DrawingAnswer,
  DrawingProof,
  Presale,
  FeaturedSettings,
  FeaturedChoice,
  BasketType,
  GiftBasketSummary,
  BasketWinner,
  GateCheckBody,
  GateCheckResult,
  GateEvents,
  GateList,
  GatePassInput,
  GateSyncBody,
  GateSyncResult,
  IssuedGatePass,
  IssuedGatePasses,
} from '@kermesse/contracts-raffle';

/** The shapes live in the raffle contract (contracts/raffle), shared with the service. */
export type {
  Tier,
  EventSummary,
  LawPanel,
  RaffleSummary,
  RaffleDetails,
  Prize,
  PrizeDraft,
  DrawingWinner,
  DrawingResult,
  DrawingState,
  DrawingAnswer,
  DrawingProof,
  Presale,
  FeaturedSettings,
  FeaturedChoice,
  BasketType,
  GiftBasketSummary,
  BasketWinner,
  GateCheckResult,
  GateEvents,
  GateList,
  GatePass,
  GateScanInput,
  IssuedGatePass,
} from '@kermesse/contracts-raffle';

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
  uploadIllustration: (prizeId: number, file: File) => admin.upload<Prize>(`/api/admin/prizes/${id(prizeId)}/illustration`, fileForm(file)),

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
  getWinners: (basketId: number) =>
    admin.get<{ success: boolean; data: BasketWinner[] }>(`/api/admin/gift-basket/${id(basketId)}/weigh/result`),

  /** Public: `GET /api/public/raffle/drawing/results` → `{success, data}`. */
  getPublicResults: (raffleId?: number) =>
    visitor.get<DrawingAnswer>(`/api/public/raffle/drawing/results${raffleId ? `?raffleId=${id(raffleId)}` : ''}`),
  getPresale: () => visitor.get<{ success: boolean; data: Presale | null }>('/api/public/raffle/presale'),
  getProof: (raffleId: number) => visitor.get<{ success: boolean; data: DrawingProof }>(`/api/public/raffle/${id(raffleId)}/drawing/proof`),
};

/** Pre-sold tickets and the gate check (docs/gate.md). */
export const gateApi = {
  /** Admin: the event's passes with their signed codes. */
  listPasses: (eventId: number) => admin.get<IssuedGatePasses>(`/api/admin/gate/events/${id(eventId)}/passes`),
  issuePass: (input: GatePassInput) => admin.post<IssuedGatePass>('/api/admin/gate/passes', input),
  /** Volunteer: the events, the list kept for checking offline, one check, the offline scans. */
  listEvents: () => admin.get<GateEvents>('/api/volunteer/gate/events'),
  loadList: (eventId: number) => admin.get<GateList>(`/api/volunteer/gate/events/${id(eventId)}/list`),
  check: (body: GateCheckBody) => admin.post<GateCheckResult>('/api/volunteer/gate/check', body),
  sync: (body: GateSyncBody) => admin.post<GateSyncResult>('/api/volunteer/gate/sync', body),
};

/** The multipart body of an illustration (field `file`). */
function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
