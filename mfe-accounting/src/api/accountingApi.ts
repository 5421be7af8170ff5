/**
 * The accounting calls through the gateway (docs/spec.md §7 and the books' own paths), typed from
 * docs/openapi.json (`Answer`, `Body`: docs/api.md §2). Screens never call fetch themselves.
 */
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type { Answer, Body } from '@kermesse/contracts-common/api';
import type { AccountingErrorBody, TrialBalanceInput } from '@kermesse/contracts-accounting';

const readSessionToken = () => localStorage.getItem(SESSION_STORAGE_KEY);
const api = createApiClient({ getToken: readSessionToken });
const A = '/api/admin/accountancy';

/** What the trial-balance form sends: the contract's input with both flags always given (id is ignored by the service). */
export type TrialBalanceForm = Required<Pick<TrialBalanceInput, 'financial_year' | 'data_csv_raw' | 'locked' | 'forecast'>> & {
  id?: number;
};

export const accountingApi = {
  listTrialBalances: () => api.get<Answer<'/api/admin/accountancy/trial-balance', 'get'>>(`${A}/trial-balance`),
  getTrialBalance: (id: number) => api.get<Answer<'/api/admin/accountancy/trial-balance/{id}', 'get'>>(`${A}/trial-balance/${id}`),
  createTrialBalance: (body: TrialBalanceForm) =>
    api.post<Answer<'/api/admin/accountancy/trial-balance', 'post', 201>>(`${A}/trial-balance`, body),
  updateTrialBalance: (id: number, body: TrialBalanceForm) =>
    api.put<Answer<'/api/admin/accountancy/trial-balance/{id}', 'put'>>(`${A}/trial-balance/${id}`, body),
  deleteTrialBalance: (id: number) => api.delete<Answer<'/api/admin/accountancy/trial-balance/{id}', 'delete'>>(`${A}/trial-balance/${id}`),
  getRows: (id: number) => api.get<Answer<'/api/admin/accountancy/trial-balance-rows/{id}', 'get'>>(`${A}/trial-balance-rows/${id}`),
  importRows: (id: number) => api.post<Answer<'/api/trials/import/{id}', 'post'>>(`/api/trials/import/${id}`),
  getBilan: (year: number) => api.get<Answer<'/api/admin/accountancy/bilan-des-comptes/{year}', 'get'>>(`${A}/bilan-des-comptes/${year}`),
  getAvailability: (year: number) =>
    api.get<Answer<'/api/admin/accountancy/bilan-disponibilite/{year}', 'get'>>(`${A}/bilan-disponibilite/${year}`),
  getForecast: (year: number) => api.get<Answer<'/api/admin/accountancy/previsionnel/{financialYear}', 'get'>>(`${A}/previsionnel/${year}`),
  listYears: () => api.get<Answer<'/api/admin/accountancy/financial-years', 'get'>>(`${A}/financial-years`),
  lockYear: (year: number) =>
    api.post<Answer<'/api/admin/accountancy/financial-years/{year}/lock', 'post'>>(`${A}/financial-years/${year}/lock`),
  generateTrialBalance: (year: number) =>
    api.post<Answer<'/api/admin/accountancy/financial-years/{year}/trial-balance', 'post', 201>>(
      `${A}/financial-years/${year}/trial-balance`,
    ),
  getJournal: (year: number) => api.get<Answer<'/api/admin/accountancy/journal/{year}', 'get'>>(`${A}/journal/${year}`),
  verifyJournal: () => api.get<Answer<'/api/admin/accountancy/journal-verification', 'get'>>(`${A}/journal-verification`),
  getAccountMap: () => api.get<Answer<'/api/admin/accountancy/account-map', 'get'>>(`${A}/account-map`),
  saveAccountMap: (map: Body<'/api/admin/accountancy/account-map', 'put'>) =>
    api.put<Answer<'/api/admin/accountancy/account-map', 'put'>>(`${A}/account-map`, map),
  listEvents: () => api.get<Answer<'/api/admin/accountancy/events', 'get'>>(`${A}/events`),
  getFairResult: (eventId: number) =>
    api.get<Answer<'/api/admin/accountancy/events/{eventId}/result', 'get'>>(`${A}/events/${eventId}/result`),
  addPurchase: (eventId: number, body: Body<'/api/admin/accountancy/events/{eventId}/purchases', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/events/{eventId}/purchases', 'post', 201>>(`${A}/events/${eventId}/purchases`, body),
  getAssociation: () => api.get<Answer<'/api/admin/accountancy/association', 'get'>>(`${A}/association`),
  saveAssociation: (body: Body<'/api/admin/accountancy/association', 'put'>) =>
    api.put<Answer<'/api/admin/accountancy/association', 'put'>>(`${A}/association`, body),
  listDonations: (year: number) => api.get<Answer<'/api/admin/accountancy/donations', 'get'>>(`${A}/donations?year=${year}`),
  /** One key per donation typed: a retry after a lost answer finds the first one instead of writing two. */
  addDonation: (body: Body<'/api/admin/accountancy/donations', 'post'>, idempotencyKey: string) =>
    api.post<Answer<'/api/admin/accountancy/donations', 'post', 201>>(`${A}/donations`, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  importDonations: (body: Body<'/api/admin/accountancy/donations/import', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/donations/import', 'post'>>(`${A}/donations/import`, body),
  updateDonation: (id: number, body: Body<'/api/admin/accountancy/donations/{id}', 'put'>) =>
    api.put<Answer<'/api/admin/accountancy/donations/{id}', 'put'>>(`${A}/donations/${id}`, body),
  addDonor: (body: Body<'/api/admin/accountancy/donors', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/donors', 'post', 201>>(`${A}/donors`, body),
  updateDonor: (id: number, body: Body<'/api/admin/accountancy/donors/{id}', 'put'>) =>
    api.put<Answer<'/api/admin/accountancy/donors/{id}', 'put'>>(`${A}/donors/${id}`, body),
  listReceipts: (year: number) => api.get<Answer<'/api/admin/accountancy/tax-receipts', 'get'>>(`${A}/tax-receipts?year=${year}`),
  issueReceipt: (body: Body<'/api/admin/accountancy/tax-receipts', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/tax-receipts', 'post', 201>>(`${A}/tax-receipts`, body),
  cancelReceipt: (id: number, body: Body<'/api/admin/accountancy/tax-receipts/{id}/cancel', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/tax-receipts/{id}/cancel', 'post'>>(`${A}/tax-receipts/${id}/cancel`, body),
  getDeclaration: (year: number) =>
    api.get<Answer<'/api/admin/accountancy/tax-receipts/declaration/{year}', 'get'>>(`${A}/tax-receipts/declaration/${year}`),
  listMembers: (year: number) => api.get<Answer<'/api/admin/accountancy/members', 'get'>>(`${A}/members?year=${year}`),
  addMembershipType: (body: Body<'/api/admin/accountancy/membership-types', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/membership-types', 'post', 201>>(`${A}/membership-types`, body),
  /** One key per form sent: a retry after a lost answer finds the first membership instead of writing two. */
  addMember: (body: Body<'/api/admin/accountancy/members', 'post'>, idempotencyKey: string) =>
    api.post<Answer<'/api/admin/accountancy/members', 'post', 201>>(`${A}/members`, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  renewMember: (personId: number, body: Body<'/api/admin/accountancy/people/{personId}/renewal', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/people/{personId}/renewal', 'post', 201>>(`${A}/people/${personId}/renewal`, body),
  exportPerson: (personId: number) =>
    api.get<Answer<'/api/admin/accountancy/people/{personId}/export', 'get'>>(`${A}/people/${personId}/export`),
  erasePerson: (personId: number) =>
    api.delete<Answer<'/api/admin/accountancy/people/{personId}', 'delete', 204>>(`${A}/people/${personId}`),
  getHelloAsso: () => api.get<Answer<'/api/admin/accountancy/helloasso', 'get'>>(`${A}/helloasso`),
  saveHelloAssoSettings: (body: Body<'/api/admin/accountancy/helloasso/settings', 'put'>) =>
    api.put<Answer<'/api/admin/accountancy/helloasso/settings', 'put'>>(`${A}/helloasso/settings`, body),
  importHelloAsso: (body: Body<'/api/admin/accountancy/helloasso/import', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/helloasso/import', 'post'>>(`${A}/helloasso/import`, body),
  importBankStatement: (body: Body<'/api/admin/accountancy/bank/import', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/bank/import', 'post'>>(`${A}/bank/import`, body),
  getReconciliation: (year: number, account: string) =>
    api.get<Answer<'/api/admin/accountancy/bank/reconciliation', 'get'>>(
      `${A}/bank/reconciliation?year=${year}&account=${encodeURIComponent(account)}`,
    ),
  saveBankAccount: (body: Body<'/api/admin/accountancy/bank/accounts', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/bank/accounts', 'post'>>(`${A}/bank/accounts`, body),
  importSumUpPayouts: (body: Body<'/api/admin/accountancy/bank/sumup-payouts/import', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/bank/sumup-payouts/import', 'post'>>(`${A}/bank/sumup-payouts/import`, body),
  listCheques: () => api.get<Answer<'/api/admin/accountancy/bank/cheques', 'get'>>(`${A}/bank/cheques`),
  listChequeSlips: () => api.get<Answer<'/api/admin/accountancy/bank/cheque-slips', 'get'>>(`${A}/bank/cheque-slips`),
  makeChequeSlip: (body: Body<'/api/admin/accountancy/bank/cheque-slips', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/bank/cheque-slips', 'post', 201>>(`${A}/bank/cheque-slips`, body),
  matchBankLine: (lineId: number, entryId: number) =>
    api.post<Answer<'/api/admin/accountancy/bank/lines/{id}/match', 'post'>>(`${A}/bank/lines/${lineId}/match`, { entryId }),
  recordDeposit: (body: Body<'/api/admin/accountancy/bank/deposits', 'post'>) =>
    api.post<Answer<'/api/admin/accountancy/bank/deposits', 'post', 201>>(`${A}/bank/deposits`, body),
  unmatchBankLine: (lineId: number) =>
    api.delete<Answer<'/api/admin/accountancy/bank/lines/{id}/match', 'delete'>>(`${A}/bank/lines/${lineId}/match`),
};

/** Paths of the CSV and FEC downloads. */
export const downloads = {
  rows: (id: number) => `${A}/trial-balance-rows/${id}?format=csv`,
  bilan: (year: number) => `${A}/bilan-des-comptes/${year}?format=csv`,
  availability: (year: number) => `${A}/bilan-disponibilite/${year}?format=csv`,
  forecast: (year: number) => `${A}/previsionnel/${year}?format=csv`,
  journal: (year: number) => `${A}/journal/${year}?format=csv`,
  fec: (year: number) => `${A}/fec/${year}`,
  fairResult: (eventId: number) => `${A}/events/${eventId}/result?format=csv`,
  receiptPdf: (id: number) => `${A}/tax-receipts/${id}/pdf`,
  members: (year: number) => `${A}/members?year=${year}&format=csv`,
  personData: (personId: number) => `${A}/people/${personId}/export`,
  chequeSlip: (id: number) => `${A}/bank/cheque-slips/${id}/pdf`,
  reconciliation: (year: number, account: string) =>
    `${A}/bank/reconciliation?year=${year}&account=${encodeURIComponent(account)}&format=csv`,
};

/** GETs a file with the session's token and hands it to the browser as a download. */
export async function downloadFile(path: string): Promise<void> {
  const token = readSessionToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<AccountingErrorBody>;
    throw new ApiError(response.status, body.error ?? `Erreur HTTP : ${response.status}`, body);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'export.csv';
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
