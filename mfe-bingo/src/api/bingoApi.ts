/**
 * Typed client of the bingo paths (docs/spec.md §7) through the gateway, with the shell's session token.
 * Admins use the admin paths; volunteers the `/api/volunteer/bingo/…` ones.
 */
import { createApiClient, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type { Answer, Body } from '@kermesse/contracts-common/api';
import type { Reglement, TieBreak, VolunteerNight } from '@kermesse/contracts-bingo';
import type { AdminEvent } from '@kermesse/contracts-register';

export type { AdminEvent, Reglement, TieBreak, VolunteerNight };

const http = createApiClient({ getToken: () => localStorage.getItem(SESSION_STORAGE_KEY) });
const publicHttp = createApiClient();

export type Area = 'admin' | 'volunteer';
const planBase = (area: Area, id: number) => (area === 'admin' ? `/admin-bingo/api/bingo/${id}` : `/api/volunteer/bingo/${id}`);

export const bingoApi = {
  /** The register's events (the fairs a night may belong to), archived ones marked (`GET /api/admin/events`). */
  listEvents: () => http.get<Answer<'/api/admin/events', 'get'>>('/api/admin/events'),

  // Nights
  listNights: (area: Area) =>
    area === 'admin'
      ? http.get<Answer<'/admin-bingo/api/bingos', 'get'>>('/admin-bingo/api/bingos')
      : http.get<Answer<'/api/volunteer/bingos', 'get'>>('/api/volunteer/bingos'),
  getNight: (id: number) => http.get<Answer<'/admin-bingo/api/bingo/{id}', 'get'>>(`/admin-bingo/api/bingo/${id}`),
  createNight: (night: Body<'/admin-bingo/api/bingo', 'post'>) =>
    http.post<Answer<'/admin-bingo/api/bingo', 'post', 201>>('/admin-bingo/api/bingo', night),
  updateNight: (id: number, night: Body<'/admin-bingo/api/bingo/{id}', 'put'>) =>
    http.put<Answer<'/admin-bingo/api/bingo/{id}', 'put'>>(`/admin-bingo/api/bingo/${id}`, night),
  getParties: async (id: number) =>
    (await http.get<Answer<'/admin-bingo/api/bingo/{id}/parties', 'get'>>(`/admin-bingo/api/bingo/${id}/parties`)).parties,
  setParties: async (id: number, input: Body<'/admin-bingo/api/bingo/{id}/parties', 'put'>) =>
    (await http.put<Answer<'/admin-bingo/api/bingo/{id}/parties', 'put'>>(`/admin-bingo/api/bingo/${id}/parties`, input)).parties,
  getReglement: (id: number) => http.get<Answer<'/admin-bingo/api/bingo/{id}/reglement', 'get'>>(`/admin-bingo/api/bingo/${id}/reglement`),

  // Prizes (docs/spec.md §7 « Bingo prizes »)
  listPrizes: (bingoId: number) =>
    http.get<Answer<'/admin/bingo/prize/api/prizes', 'get'>>(`/admin/bingo/prize/api/prizes?bingoId=${encodeURIComponent(bingoId)}`),
  addPrize: (prize: Body<'/admin/bingo/prize/api/prize', 'post'>) =>
    http.post<Answer<'/admin/bingo/prize/api/prize', 'post', 201>>('/admin/bingo/prize/api/prize', prize),
  getPrize: (id: number) => http.get<Answer<'/admin/bingo/prize/api/prize/{id}', 'get'>>(`/admin/bingo/prize/api/prize/${id}`),
  updatePrize: (id: number, prize: Body<'/admin/bingo/prize/api/prize/{id}', 'put'>) =>
    http.put<Answer<'/admin/bingo/prize/api/prize/{id}', 'put'>>(`/admin/bingo/prize/api/prize/${id}`, prize),
  deletePrize: (id: number) => http.delete<Answer<'/admin/bingo/prize/api/prize/{id}', 'delete'>>(`/admin/bingo/prize/api/prize/${id}`),

  // Seating plan (docs/spec.md §7 « Bingo plan » and « Volunteer »)
  getPlan: (area: Area, id: number) => http.get<Answer<'/admin-bingo/api/bingo/{id}/placement', 'get'>>(`${planBase(area, id)}/placement`),
  reserve: (area: Area, id: number, seat: Body<'/admin-bingo/api/bingo/{id}/reserve', 'post'>) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/reserve', 'post'>>(`${planBase(area, id)}/reserve`, seat),
  reserveGroup: (area: Area, id: number, group: Body<'/admin-bingo/api/bingo/{id}/reserve-group', 'post'>) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/reserve-group', 'post'>>(`${planBase(area, id)}/reserve-group`, group),
  release: (area: Area, id: number, seat: Body<'/admin-bingo/api/bingo/{id}/release', 'post'>) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/release', 'post'>>(`${planBase(area, id)}/release`, seat),
  setPlan: (id: number, plan: Body<'/admin-bingo/api/bingo/{id}/plan', 'put'>) =>
    http.put<Answer<'/admin-bingo/api/bingo/{id}/plan', 'put'>>(`/admin-bingo/api/bingo/${id}/plan`, plan),

  // Caller's console
  board: (area: Area, id: number) =>
    http.get<Answer<'/admin-bingo/api/bingo/{id}/caller/board', 'get'>>(`${planBase(area, id)}/caller/board`),
  callBall: (area: Area, id: number, ball: Body<'/admin-bingo/api/bingo/{id}/caller/balls', 'post'>) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/caller/balls', 'post', 201>>(`${planBase(area, id)}/caller/balls`, ball),
  undo: (area: Area, id: number) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/caller/undo', 'post'>>(`${planBase(area, id)}/caller/undo`),
  pause: (area: Area, id: number, paused: boolean) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/caller/pause', 'post'>>(`${planBase(area, id)}/caller/pause`, { paused }),
  nextPartie: (area: Area, id: number, keepBalls: boolean) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/caller/next-partie', 'post'>>(`${planBase(area, id)}/caller/next-partie`, { keepBalls }),
  check: (area: Area, id: number, carton: string) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/caller/check', 'post'>>(`${planBase(area, id)}/caller/check`, { carton }),
  tieBreak: (area: Area, id: number, cartons: string[]) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/caller/tie-break', 'post'>>(`${planBase(area, id)}/caller/tie-break`, { cartons }),

  // Cartons
  generateCartons: (id: number, count: number) =>
    http.post<Answer<'/admin-bingo/api/bingo/{id}/cartons', 'post', 201>>(`/admin-bingo/api/bingo/${id}/cartons`, { count }),
  listCartons: (id: number, from: number, to: number) =>
    http.get<Answer<'/admin-bingo/api/bingo/{id}/cartons', 'get'>>(`/admin-bingo/api/bingo/${id}/cartons?from=${from}&to=${to}`),

  // Public board
  publicBoard: (id: number) => publicHttp.get<Answer<'/api/public/bingo/{id}/tableau', 'get'>>(`/api/public/bingo/${id}/tableau`),
  boardStreamUrl: (id: number) => `/api/public/bingo/${id}/tableau/stream`,
};
