/**
 * The accounting calls through the gateway (docs/spec.md §7 and the books' own paths), typed from the
 * contract. Screens never call fetch themselves.
 */
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import type {
  AccountingErrorBody,
  AssociationAnswer,
  AssociationSettingsInput,
  CancelReceiptBody,
  Donation,
  DonationImportAnswer,
  DonationImportBody,
  DonationInput,
  DonationList,
  DonationUpdate,
  Donor,
  DonorInput,
  IssueReceiptBody,
  Member,
  MemberInput,
  MemberList,
  MembershipType,
  MembershipTypeInput,
  PersonExport,
  RenewalInput,
  ReceiptAnswer,
  ReceiptDeclaration,
  ReceiptList,
  AccountMapAnswer,
  AccountMapBody,
  AvailabilityRow,
  BankAccountBody,
  BankAccountList,
  CardPayoutImportAnswer,
  CardPayoutImportBody,
  ChequeList,
  ChequeSlipAnswer,
  ChequeSlipBody,
  ChequeSlipList,
  BankDepositAnswer,
  BankDepositBody,
  BankImportAnswer,
  BankImportBody,
  BankLineAnswer,
  HelloAssoImportAnswer,
  HelloAssoImportBody,
  HelloAssoOverview,
  HelloAssoSettingsAnswer,
  HelloAssoSettingsInput,
  Reconciliation,
  FairEventList,
  FairResult,
  FinancialYearList,
  GenerateAnswer,
  ImportAnswer,
  JournalAnswer,
  JournalVerification,
  LayoutRow,
  Purchase,
  PurchaseInput,
  TrialBalanceAnswer,
  TrialBalanceInput,
  TrialBalanceList,
  TrialBalanceRow,
} from '@kermesse/contracts-accounting';

const readSessionToken = () => localStorage.getItem(SESSION_STORAGE_KEY);
const api = createApiClient({ getToken: readSessionToken });
const A = '/api/admin/accountancy';

/** What the trial-balance form sends: the contract's input with both flags always given (id is ignored by the service). */
export type TrialBalanceForm = Required<Pick<TrialBalanceInput, 'financial_year' | 'data_csv_raw' | 'locked' | 'forecast'>> & {
  id?: number;
};

export const accountingApi = {
  listTrialBalances: () => api.get<TrialBalanceList>(`${A}/trial-balance`),
  getTrialBalance: (id: number) => api.get<TrialBalanceAnswer>(`${A}/trial-balance/${id}`),
  createTrialBalance: (body: TrialBalanceForm) => api.post<TrialBalanceAnswer>(`${A}/trial-balance`, body),
  updateTrialBalance: (id: number, body: TrialBalanceForm) => api.put<TrialBalanceAnswer>(`${A}/trial-balance/${id}`, body),
  deleteTrialBalance: (id: number) => api.delete<void>(`${A}/trial-balance/${id}`),
  getRows: (id: number) => api.get<TrialBalanceRow[]>(`${A}/trial-balance-rows/${id}`),
  importRows: (id: number) => api.post<ImportAnswer>(`/api/trials/import/${id}`),
  getBilan: (year: number) => api.get<LayoutRow[]>(`${A}/bilan-des-comptes/${year}`),
  getAvailability: (year: number) => api.get<AvailabilityRow[]>(`${A}/bilan-disponibilite/${year}`),
  getForecast: (year: number) => api.get<LayoutRow[]>(`${A}/previsionnel/${year}`),
  listYears: () => api.get<FinancialYearList>(`${A}/financial-years`),
  lockYear: (year: number) => api.post<FinancialYearList>(`${A}/financial-years/${year}/lock`),
  generateTrialBalance: (year: number) => api.post<GenerateAnswer>(`${A}/financial-years/${year}/trial-balance`),
  getJournal: (year: number) => api.get<JournalAnswer>(`${A}/journal/${year}`),
  verifyJournal: () => api.get<JournalVerification>(`${A}/journal-verification`),
  getAccountMap: () => api.get<AccountMapAnswer>(`${A}/account-map`),
  saveAccountMap: (map: AccountMapBody) => api.put<AccountMapAnswer>(`${A}/account-map`, map),
  listEvents: () => api.get<FairEventList>(`${A}/events`),
  getFairResult: (eventId: number) => api.get<FairResult>(`${A}/events/${eventId}/result`),
  addPurchase: (eventId: number, body: PurchaseInput) => api.post<{ purchase: Purchase }>(`${A}/events/${eventId}/purchases`, body),
  getAssociation: () => api.get<AssociationAnswer>(`${A}/association`),
  saveAssociation: (body: AssociationSettingsInput) => api.put<AssociationAnswer>(`${A}/association`, body),
  listDonations: (year: number) => api.get<DonationList>(`${A}/donations?year=${year}`),
  /** One key per donation typed: a retry after a lost answer finds the first one instead of writing two. */
  addDonation: (body: DonationInput, idempotencyKey: string) =>
    api.post<{ donation: Donation }>(`${A}/donations`, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  importDonations: (body: DonationImportBody) => api.post<DonationImportAnswer>(`${A}/donations/import`, body),
  updateDonation: (id: number, body: DonationUpdate) => api.put<{ donation: Donation }>(`${A}/donations/${id}`, body),
  addDonor: (body: DonorInput) => api.post<{ donor: Donor }>(`${A}/donors`, body),
  updateDonor: (id: number, body: DonorInput) => api.put<{ donor: Donor }>(`${A}/donors/${id}`, body),
  listReceipts: (year: number) => api.get<ReceiptList>(`${A}/tax-receipts?year=${year}`),
  issueReceipt: (body: IssueReceiptBody) => api.post<ReceiptAnswer>(`${A}/tax-receipts`, body),
  cancelReceipt: (id: number, body: CancelReceiptBody) => api.post<ReceiptAnswer>(`${A}/tax-receipts/${id}/cancel`, body),
  getDeclaration: (year: number) => api.get<ReceiptDeclaration>(`${A}/tax-receipts/declaration/${year}`),
  listMembers: (year: number) => api.get<MemberList>(`${A}/members?year=${year}`),
  addMembershipType: (body: MembershipTypeInput) => api.post<{ type: MembershipType }>(`${A}/membership-types`, body),
  /** One key per form sent: a retry after a lost answer finds the first membership instead of writing two. */
  addMember: (body: MemberInput, idempotencyKey: string) =>
    api.post<{ member: Member }>(`${A}/members`, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  renewMember: (personId: number, body: RenewalInput) => api.post<{ member: Member }>(`${A}/people/${personId}/renewal`, body),
  exportPerson: (personId: number) => api.get<PersonExport>(`${A}/people/${personId}/export`),
  erasePerson: (personId: number) => api.delete<void>(`${A}/people/${personId}`),
  getHelloAsso: () => api.get<HelloAssoOverview>(`${A}/helloasso`),
  saveHelloAssoSettings: (body: HelloAssoSettingsInput) => api.put<HelloAssoSettingsAnswer>(`${A}/helloasso/settings`, body),
  importHelloAsso: (body: HelloAssoImportBody) => api.post<HelloAssoImportAnswer>(`${A}/helloasso/import`, body),
  importBankStatement: (body: BankImportBody) => api.post<BankImportAnswer>(`${A}/bank/import`, body),
  getReconciliation: (year: number, account: string) =>
    api.get<Reconciliation>(`${A}/bank/reconciliation?year=${year}&account=${encodeURIComponent(account)}`),
  saveBankAccount: (body: BankAccountBody) => api.post<BankAccountList>(`${A}/bank/accounts`, body),
  importSumUpPayouts: (body: CardPayoutImportBody) => api.post<CardPayoutImportAnswer>(`${A}/bank/sumup-payouts/import`, body),
  listCheques: () => api.get<ChequeList>(`${A}/bank/cheques`),
  listChequeSlips: () => api.get<ChequeSlipList>(`${A}/bank/cheque-slips`),
  makeChequeSlip: (body: ChequeSlipBody) => api.post<ChequeSlipAnswer>(`${A}/bank/cheque-slips`, body),
  matchBankLine: (lineId: number, entryId: number) => api.post<BankLineAnswer>(`${A}/bank/lines/${lineId}/match`, { entryId }),
  recordDeposit: (body: BankDepositBody) => api.post<BankDepositAnswer>(`${A}/bank/deposits`, body),
  unmatchBankLine: (lineId: number) => api.delete<BankLineAnswer>(`${A}/bank/lines/${lineId}/match`),
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
