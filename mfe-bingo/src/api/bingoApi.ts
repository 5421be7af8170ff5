/**
 * Typed client of the bingo paths (docs/spec.md §7) through the gateway, with the shell's session token.
 * Admins use the admin paths; volunteers the `/api/volunteer/bingo/…` ones.
 */
import { createApiClient, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type {
  BallInput,
  Board,
  CartonPage,
  CartonRange,
  CheckResult,
  GroupReserveInput,
  NewPrizeInput,
  Night,
  NightInput,
  Partie,
  PartiesInput,
  PlanInput,
  Prize,
  PrizeInput,
  Reglement,
  ReleaseInput,
  ReserveInput,
  SeatAnswer,
  SeatPlan,
  TieBreak,
  VolunteerNight,
} from '@kermesse/contracts-bingo';
import type { AdminEvent } from '@kermesse/contracts-register';

export type { AdminEvent, Reglement, TieBreak, VolunteerNight };

const http = createApiClient({ getToken: () => localStorage.getItem(SESSION_STORAGE_KEY) });
const publicHttp = createApiClient();

export type Area = 'admin' | 'volunteer';
const planBase = (area: Area, id: number) => (area === 'admin' ? `/admin-bingo/api/bingo/${id}` : `/api/volunteer/bingo/${id}`);

export const bingoApi = {
  /** The register's events (the fairs a night may belong to), archived ones marked (`GET /api/admin/events`). */
  listEvents: () => http.get<AdminEvent[]>('/api/admin/events'),

  // Nights
  listNights: (area: Area) =>
    area === 'admin' ? http.get<Night[]>('/admin-bingo/api/bingos') : http.get<VolunteerNight[]>('/api/volunteer/bingos'),
  getNight: (id: number) => http.get<Night>(`/admin-bingo/api/bingo/${id}`),
  createNight: (night: NightInput) => http.post<Night>('/admin-bingo/api/bingo', night),
  updateNight: (id: number, night: NightInput) => http.put<Night>(`/admin-bingo/api/bingo/${id}`, night),
  getParties: async (id: number) => (await http.get<{ parties: Partie[] }>(`/admin-bingo/api/bingo/${id}/parties`)).parties,
  setParties: async (id: number, input: PartiesInput) =>
    (await http.put<{ parties: Partie[] }>(`/admin-bingo/api/bingo/${id}/parties`, input)).parties,
  getReglement: (id: number) => http.get<Reglement>(`/admin-bingo/api/bingo/${id}/reglement`),

  // Prizes (docs/spec.md §7 « Bingo prizes »)
  listPrizes: (bingoId: number) => http.get<Prize[]>(`/admin/bingo/prize/api/prizes?bingoId=${encodeURIComponent(bingoId)}`),
  addPrize: (prize: NewPrizeInput) => http.post<Prize>('/admin/bingo/prize/api/prize', prize),
  getPrize: (id: number) => http.get<Prize>(`/admin/bingo/prize/api/prize/${id}`),
  updatePrize: (id: number, prize: PrizeInput) => http.put<Prize>(`/admin/bingo/prize/api/prize/${id}`, prize),
  deletePrize: (id: number) => http.delete<{ success: boolean }>(`/admin/bingo/prize/api/prize/${id}`),

  // Seating plan (docs/spec.md §7 « Bingo plan » and « Volunteer »)
  getPlan: (area: Area, id: number) => http.get<SeatPlan>(`${planBase(area, id)}/placement`),
  reserve: (area: Area, id: number, seat: ReserveInput) => http.post<SeatAnswer>(`${planBase(area, id)}/reserve`, seat),
  reserveGroup: (area: Area, id: number, group: GroupReserveInput) => http.post<SeatAnswer>(`${planBase(area, id)}/reserve-group`, group),
  release: (area: Area, id: number, seat: ReleaseInput) => http.post<SeatAnswer>(`${planBase(area, id)}/release`, seat),
  setPlan: (id: number, plan: PlanInput) => http.put<SeatPlan>(`/admin-bingo/api/bingo/${id}/plan`, plan),

  // Caller's console
  board: (area: Area, id: number) => http.get<Board>(`${planBase(area, id)}/caller/board`),
  callBall: (area: Area, id: number, ball: BallInput) => http.post<Board>(`${planBase(area, id)}/caller/balls`, ball),
  undo: (area: Area, id: number) => http.post<Board>(`${planBase(area, id)}/caller/undo`),
  pause: (area: Area, id: number, paused: boolean) => http.post<Board>(`${planBase(area, id)}/caller/pause`, { paused }),
  nextPartie: (area: Area, id: number, keepBalls: boolean) => http.post<Board>(`${planBase(area, id)}/caller/next-partie`, { keepBalls }),
  check: (area: Area, id: number, carton: string) => http.post<CheckResult>(`${planBase(area, id)}/caller/check`, { carton }),
  tieBreak: (area: Area, id: number, cartons: string[]) => http.post<TieBreak>(`${planBase(area, id)}/caller/tie-break`, { cartons }),

  // Cartons
  generateCartons: (id: number, count: number) => http.post<CartonRange>(`/admin-bingo/api/bingo/${id}/cartons`, { count }),
  listCartons: (id: number, from: number, to: number) => http.get<CartonPage>(`/admin-bingo/api/bingo/${id}/cartons?from=${from}&to=${to}`),

  // Public board
  publicBoard: (id: number) => publicHttp.get<Board>(`/api/public/bingo/${id}/tableau`),
  boardStreamUrl: (id: number) => `/api/public/bingo/${id}/tableau/stream`,
};
