/** Typed client for the gateway paths the raffle screens use; screens call these, never `fetch`. */
import { createApiClient, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type { Answer, Body } from '@kermesse/contracts-common/api';

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
  listRaffles: () => admin.get<Answer<'/api/admin/raffles', 'get'>>('/api/admin/raffles'),
  listEvents: () => admin.get<Answer<'/api/admin/raffles/events', 'get'>>('/api/admin/raffles/events'),
  getRaffle: (raffleId: number) => admin.get<Answer<'/api/admin/raffles/{id}', 'get'>>(`/api/admin/raffles/${id(raffleId)}`),

  /** `GET /api/admin/raffle/{id}` → the tiers. */
  getRaffleTiers: (raffleId: number) => admin.get<Answer<'/api/admin/raffle/{id}', 'get'>>(`/api/admin/raffle/${id(raffleId)}`),
  /** `POST /api/admin/raffle` with `{price}` and the settings of the new raffle. */
  createRaffle: (body: Body<'/api/admin/raffle', 'post'>) =>
    admin.post<Answer<'/api/admin/raffle', 'post', 201>>('/api/admin/raffle', body),
  /** `DELETE /api/admin/raffle/{id}`: only a raffle without sales (409 otherwise). */
  deleteRaffle: (raffleId: number) => admin.delete<Answer<'/api/admin/raffle/{id}', 'delete'>>(`/api/admin/raffle/${id(raffleId)}`),
  getFeatured: () => admin.get<Answer<'/api/admin/raffles/featured', 'get'>>('/api/admin/raffles/featured'),
  saveFeatured: (choice: Body<'/api/admin/raffles/featured', 'put'>) =>
    admin.put<Answer<'/api/admin/raffles/featured', 'put'>>('/api/admin/raffles/featured', choice),
  /** `PUT /api/admin/raffle/{id}` with `{price}`. */
  updateRaffleTiers: (raffleId: number, body: Body<'/api/admin/raffle/{id}', 'put'>) =>
    admin.put<Answer<'/api/admin/raffle/{id}', 'put'>>(`/api/admin/raffle/${id(raffleId)}`, body),

  listPrizes: (raffleId: number) => admin.get<Answer<'/api/admin/raffles/{id}/prizes', 'get'>>(`/api/admin/raffles/${id(raffleId)}/prizes`),
  addPrize: (raffleId: number, prize: Body<'/api/admin/raffles/{id}/prizes', 'post'>) =>
    admin.post<Answer<'/api/admin/raffles/{id}/prizes', 'post', 201>>(`/api/admin/raffles/${id(raffleId)}/prizes`, prize),
  getPrize: (prizeId: number) => admin.get<Answer<'/api/admin/prizes/{id}', 'get'>>(`/api/admin/prizes/${id(prizeId)}`),
  /** `PUT /api/admin/prizes/{id}`: the whole prize in, the updated prize out. */
  updatePrize: (prize: Body<'/api/admin/prizes/{id}', 'put'> & { id: number }) =>
    admin.put<Answer<'/api/admin/prizes/{id}', 'put'>>(`/api/admin/prizes/${id(prize.id)}`, prize),
  deletePrize: (prizeId: number) => admin.delete<Answer<'/api/admin/prizes/{id}', 'delete'>>(`/api/admin/prizes/${id(prizeId)}`),
  /** Multipart upload of an illustration (field `file`). */
  uploadIllustration: (prizeId: number, file: File) =>
    admin.upload<Answer<'/api/admin/prizes/{id}/illustration', 'post', 201>>(
      `/api/admin/prizes/${id(prizeId)}/illustration`,
      fileForm(file),
    ),

  getDrawing: (raffleId: number) => admin.get<Answer<'/api/admin/raffle/{id}/drawing', 'get'>>(`/api/admin/raffle/${id(raffleId)}/drawing`),
  closeSales: (raffleId: number) => admin.post<Answer<'/api/admin/raffle/{id}/close', 'post'>>(`/api/admin/raffle/${id(raffleId)}/close`),
  runDrawing: (raffleId: number) =>
    admin.post<Answer<'/api/admin/raffle/{id}/drawing', 'post', 201>>(`/api/admin/raffle/${id(raffleId)}/drawing`),

  listGiftBaskets: () => admin.get<Answer<'/api/admin/gift-basket/', 'get'>>('/api/admin/gift-basket'),
  getGiftBasket: (basketId: number) =>
    admin.get<Answer<'/api/admin/gift-basket/{id}/summary', 'get'>>(`/api/admin/gift-basket/${id(basketId)}/summary`),
  getGiftBasketTiers: (basketId: number) =>
    admin.get<Answer<'/api/admin/gift-basket/{id}', 'get'>>(`/api/admin/gift-basket/${id(basketId)}`),
  createGiftBasket: (body: Body<'/api/admin/gift-basket/', 'post'>) =>
    admin.post<Answer<'/api/admin/gift-basket/', 'post', 201>>('/api/admin/gift-basket', body),
  updateGiftBasketTiers: (basketId: number, body: Body<'/api/admin/gift-basket/{id}', 'put'>) =>
    admin.put<Answer<'/api/admin/gift-basket/{id}', 'put'>>(`/api/admin/gift-basket/${id(basketId)}`, body),
  listBasketTypes: (basketId: number) =>
    admin.get<Answer<'/api/admin/gift-basket/{id}/prizes', 'get'>>(`/api/admin/gift-basket/${id(basketId)}/prizes`),
  addBasketType: (basketId: number, type: Body<'/api/admin/gift-basket/{id}/prizes', 'post'>) =>
    admin.post<Answer<'/api/admin/gift-basket/{id}/prizes', 'post', 201>>(`/api/admin/gift-basket/${id(basketId)}/prizes`, type),
  updateBasketType: (type: Body<'/api/admin/gift-basket/types/{id}', 'put'> & { id: number }) =>
    admin.put<Answer<'/api/admin/gift-basket/types/{id}', 'put'>>(`/api/admin/gift-basket/types/${id(type.id)}`, {
      name: type.name,
      price: type.price,
    }),
  deleteBasketType: (typeId: number) =>
    admin.delete<Answer<'/api/admin/gift-basket/types/{id}', 'delete'>>(`/api/admin/gift-basket/types/${id(typeId)}`),
  weighBasket: (basketId: number, typeId: number, weight: number) =>
    admin.post<Answer<'/api/admin/gift-basket/{id}/weigh', 'post'>>(`/api/admin/gift-basket/${id(basketId)}/weigh`, { typeId, weight }),
  /** `GET /api/admin/gift-basket/{id}/weigh/result` → `{success, data}`. */
  getWinners: (basketId: number) =>
    admin.get<Answer<'/api/admin/gift-basket/{id}/weigh/result', 'get'>>(`/api/admin/gift-basket/${id(basketId)}/weigh/result`),

  /** Public: `GET /api/public/raffle/drawing/results` → `{success, data}`. */
  getPublicResults: (raffleId?: number) =>
    visitor.get<Answer<'/api/public/raffle/drawing/results', 'get'>>(
      `/api/public/raffle/drawing/results${raffleId ? `?raffleId=${id(raffleId)}` : ''}`,
    ),
  getPresale: () => visitor.get<Answer<'/api/public/raffle/presale', 'get'>>('/api/public/raffle/presale'),
  getProof: (raffleId: number) =>
    visitor.get<Answer<'/api/public/raffle/{id}/drawing/proof', 'get'>>(`/api/public/raffle/${id(raffleId)}/drawing/proof`),
};

/** Pre-sold tickets and the gate check (docs/gate.md). */
export const gateApi = {
  /** Admin: the event's passes with their signed codes. */
  listPasses: (eventId: number) =>
    admin.get<Answer<'/api/admin/gate/events/{eventId}/passes', 'get'>>(`/api/admin/gate/events/${id(eventId)}/passes`),
  issuePass: (input: Body<'/api/admin/gate/passes', 'post'>) =>
    admin.post<Answer<'/api/admin/gate/passes', 'post', 201>>('/api/admin/gate/passes', input),
  /** Volunteer: the events, the list kept for checking offline, one check, the offline scans. */
  listEvents: () => admin.get<Answer<'/api/volunteer/gate/events', 'get'>>('/api/volunteer/gate/events'),
  loadList: (eventId: number) =>
    admin.get<Answer<'/api/volunteer/gate/events/{eventId}/list', 'get'>>(`/api/volunteer/gate/events/${id(eventId)}/list`),
  check: (body: Body<'/api/volunteer/gate/check', 'post'>) =>
    admin.post<Answer<'/api/volunteer/gate/check', 'post'>>('/api/volunteer/gate/check', body),
  sync: (body: Body<'/api/volunteer/gate/sync', 'post'>) =>
    admin.post<Answer<'/api/volunteer/gate/sync', 'post'>>('/api/volunteer/gate/sync', body),
};

/** The multipart body of an illustration (field `file`). */
function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
