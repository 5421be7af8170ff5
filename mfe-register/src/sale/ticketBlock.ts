/**
 * Raffle tickets without network. While it is online the register keeps a block of
 * numbers reserved for it by the raffle service (`POST /api/cr/raffle/{id}/blocks`, 50 free numbers),
 * remembered on the device. Offline, the ticket picker offers only the numbers of that block not
 * already taken by a sale waiting in the queue, so a number is never sold twice: no other register
 * is offered them, and the raffle accepts them from this register alone when the sale is sent.
 * Online, the block is kept for offline use: the picker offers neither this register's block nor the
 * others'.
 *
 * Bets (gift-basket weights) are not sold offline: a weight is the buyer's own guess, it cannot be
 * set aside in advance like a number, and a bet checked only when the network returns could be
 * refused after the buyer has gone (docs: mfe-register/README.md « Hors ligne »).
 */
import type { ApiClient } from '@kermesse/ui-kit';
import { PAYMENT_MODE } from '../cart/payment';
import type { SaleBody } from './buildSale';
import type { QueuedSale } from './offlineQueue';

/** How many numbers the register keeps free in its block. */
export const TICKET_BLOCK_SIZE = 50;

/** What the raffle answers about a register's block. */
export interface TicketBlock {
  raffleId: number;
  checkoutId: number;
  /** This register's block: numbers it may sell offline (not sold yet on the server). */
  numbers: number[];
  /** Numbers reserved to the other registers. */
  reservedElsewhere: number[];
  /** When the raffle answered (ms). */
  savedAt: number;
}

const blockKey = (checkoutId: number, raffleId: number) => `kermesseRegister.ticketBlock.${checkoutId}.${raffleId}`;

const numberList = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];

function toBlock(answer: unknown, raffleId: number, checkoutId: number, now = Date.now()): TicketBlock {
  const body = (answer ?? {}) as { numbers?: unknown; reservedElsewhere?: unknown };
  return { raffleId, checkoutId, numbers: numberList(body.numbers), reservedElsewhere: numberList(body.reservedElsewhere), savedAt: now };
}

/** The block calls, on the register's API client (the cashier's token). */
export function ticketBlockCalls(client: ApiClient) {
  return {
    /** `GET /api/cr/raffle/{id}/blocks?checkoutId=`. */
    async ticketBlock(raffleId: number, checkoutId: number): Promise<TicketBlock> {
      return toBlock(await client.get<unknown>(`/api/cr/raffle/${raffleId}/blocks?checkoutId=${checkoutId}`), raffleId, checkoutId);
    },
    /** `POST /api/cr/raffle/{id}/blocks` `{ checkoutId, size }`: tops the block up to `size` free numbers. */
    async topUpTicketBlock(raffleId: number, checkoutId: number, size: number): Promise<TicketBlock> {
      return toBlock(await client.post<unknown>(`/api/cr/raffle/${raffleId}/blocks`, { checkoutId, size }), raffleId, checkoutId);
    },
    /** `POST /api/cr/raffle/{id}/blocks/return`: gives `numbers` (or the whole block) back to every register. */
    async giveBackTicketBlock(raffleId: number, checkoutId: number, numbers?: number[]): Promise<TicketBlock> {
      return toBlock(
        await client.post<unknown>(`/api/cr/raffle/${raffleId}/blocks/return`, numbers ? { checkoutId, numbers } : { checkoutId }),
        raffleId,
        checkoutId,
      );
    },
  };
}

export type TicketBlockApi = ReturnType<typeof ticketBlockCalls>;

/** The block last received for this register and raffle (kept across reloads and closed browsers). */
export function readStoredBlock(checkoutId: number, raffleId: number): TicketBlock | undefined {
  try {
    const text = localStorage.getItem(blockKey(checkoutId, raffleId));
    if (!text) return undefined;
    const stored = JSON.parse(text) as Partial<TicketBlock>;
    return { ...toBlock(stored, raffleId, checkoutId), savedAt: Number(stored.savedAt) || 0 };
  } catch {
    return undefined;
  }
}

export function storeBlock(block: TicketBlock): void {
  try {
    localStorage.setItem(blockKey(block.checkoutId, block.raffleId), JSON.stringify(block));
  } catch (error) {
    console.warn('Bloc de tickets non gardé sur cet appareil', error);
  }
}

/** Numbers of `raffleId` named by sales still on this device (waiting or refused): not to be offered again. */
export function queuedNumbers(sales: readonly QueuedSale[], raffleId: number): Set<number> {
  const numbers = new Set<number>();
  for (const sale of sales) if (sale.body.raffleId === raffleId) for (const number of sale.body.raffles) numbers.add(number);
  return numbers;
}

/** The numbers the picker may offer offline: the block less those of the sales waiting on this device. */
export function offeredNumbers(block: TicketBlock | undefined, queued: ReadonlySet<number>): number[] {
  return block ? block.numbers.filter((number) => !queued.has(number)) : [];
}

/** What the register says about raffle tickets and bets without network. */
export const OFFLINE_TICKET_MESSAGES = {
  bets: "Hors ligne : les paris sur les paniers garnis reprennent au retour du réseau (chaque poids doit être vérifié auprès du serveur avant d'être vendu). Retirez-les du panier pour encaisser le reste.",
  notInBlock:
    'Hors ligne : seuls les numéros réservés à cette caisse peuvent être vendus. Choisissez à nouveau les tickets (« Choisir les tickets »).',
  noBlock:
    "Hors ligne : cette caisse n'a pas de numéros de tombola réservés (ils se réservent tant que le réseau est là). Les tickets reprennent au retour du réseau.",
  pickerNote: (count: number) =>
    count > 0
      ? `Hors ligne : seuls les ${count} numéros réservés à cette caisse sont proposés.`
      : "Hors ligne : plus aucun numéro réservé à cette caisse n'est libre. Les tickets reprennent au retour du réseau.",
} as const;

/**
 * Why this sale cannot be made without network, or null: card and hold need the network (the caller
 * says so), bets too, and every raffle number must come from this register's block.
 */
export function offlineTicketBlocker(
  sale: { tickets: readonly number[]; ticketsAllowed: number; betsAllowed: number },
  offered: readonly number[] | undefined,
): string | null {
  if (sale.betsAllowed > 0) return OFFLINE_TICKET_MESSAGES.bets;
  if (sale.ticketsAllowed === 0) return null;
  if (!offered || (offered.length === 0 && sale.tickets.length === 0)) return OFFLINE_TICKET_MESSAGES.noBlock;
  const mine = new Set(offered);
  return sale.tickets.every((number) => mine.has(number)) ? null : OFFLINE_TICKET_MESSAGES.notInBlock;
}

/** Cash or cheque, no bets, and raffle numbers of this register's block only: a sale the queue may keep. */
export function sellableOffline(body: SaleBody, offered: readonly number[] | undefined): boolean {
  if (body.paymentMode !== PAYMENT_MODE.cash && body.paymentMode !== PAYMENT_MODE.cheque) return false;
  if (body.giftBaskets.length > 0) return false;
  if (body.raffles.length === 0) return true;
  const mine = new Set(offered ?? []);
  return body.raffles.every((number) => mine.has(number));
}
