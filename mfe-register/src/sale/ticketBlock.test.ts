import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@kermesse/ui-kit';
import type { SaleResult } from '../api/checkoutApi';
import type { SaleBody } from './buildSale';
import { PAYMENT_MODE } from '../cart/payment';
import { unavailableOffline } from '../cart/ticketSelection';
import { identifyOfflineBuyer, rememberOfflineBuyer, UNKNOWN_OFFLINE_BUYER } from './offlineBuyers';
import { memoryStore, syncQueue, type QueuedSale } from './offlineQueue';
import {
  OFFLINE_TICKET_MESSAGES,
  offeredNumbers,
  offlineTicketBlocker,
  queuedNumbers,
  readStoredBlock,
  sellableOffline,
  storeBlock,
  type TicketBlock,
} from './ticketBlock';

const block: TicketBlock = { raffleId: 1, checkoutId: 2, numbers: [11, 12, 13, 14], reservedElsewhere: [20], savedAt: 1000 };
const body = (extra: Partial<SaleBody> = {}) =>
  ({ paymentMode: PAYMENT_MODE.cash, raffleId: 1, raffles: [], giftBaskets: [], personId: 12, price: 2, ...extra }) as SaleBody;
const queued = (key: string, extra: Partial<SaleBody>, refusal: string | null = null): QueuedSale => ({
  key,
  checkoutId: 2,
  eventId: 1,
  body: body(extra),
  totalCents: 200,
  queuedAt: Number(key.length),
  refusal,
});
const ok: SaleResult = {
  success: true,
  deliveryMethod: 'print',
  orderType: 'standard',
  receiptHtml: '',
  orderHtml: '',
  error: null,
  reference: 'K7M2Q-9XR4T',
  totalCents: 200,
};

afterEach(() => localStorage.clear());

describe('raffle ticket blocks offline', () => {
  it('offers the block less the numbers of the sales still on the device (waiting or refused)', () => {
    const sales = [
      queued('a', { raffles: [12] }),
      queued('bb', { raffles: [14] }, 'refusée'),
      queued('ccc', { raffleId: 2, raffles: [11] }),
    ];
    expect([...queuedNumbers(sales, 1)]).toEqual([12, 14]);
    expect(offeredNumbers(block, queuedNumbers(sales, 1))).toEqual([11, 13]);
    expect(offeredNumbers(undefined, new Set())).toEqual([]);
  });

  it('keeps the block on the device across reloads', () => {
    expect(readStoredBlock(2, 1)).toBeUndefined();
    storeBlock(block);
    expect(readStoredBlock(2, 1)).toEqual(block);
    expect(readStoredBlock(3, 1)).toBeUndefined();
  });

  it('sells offline cash or cheque with block numbers only, never bets, card or numbers outside the block', () => {
    const offered = [11, 13];
    expect(sellableOffline(body({ raffles: [11, 13] }), offered)).toBe(true);
    expect(sellableOffline(body({ paymentMode: PAYMENT_MODE.cheque }), undefined)).toBe(true);
    expect(sellableOffline(body({ raffles: [11, 12] }), offered)).toBe(false);
    expect(sellableOffline(body({ paymentMode: PAYMENT_MODE.card }), offered)).toBe(false);
    expect(sellableOffline(body({ giftBaskets: [{ weight: 1200, type: { id: 1, name: 'Panier' } }] }), offered)).toBe(false);
  });

  it('says in French why tickets or bets cannot be sold offline', () => {
    expect(offlineTicketBlocker({ tickets: [], ticketsAllowed: 0, betsAllowed: 1 }, [11])).toBe(OFFLINE_TICKET_MESSAGES.bets);
    expect(offlineTicketBlocker({ tickets: [], ticketsAllowed: 1, betsAllowed: 0 }, undefined)).toBe(OFFLINE_TICKET_MESSAGES.noBlock);
    expect(offlineTicketBlocker({ tickets: [5], ticketsAllowed: 1, betsAllowed: 0 }, [11])).toBe(OFFLINE_TICKET_MESSAGES.notInBlock);
    expect(offlineTicketBlocker({ tickets: [11], ticketsAllowed: 1, betsAllowed: 0 }, [11])).toBeNull();
    expect(offlineTicketBlocker({ tickets: [], ticketsAllowed: 0, betsAllowed: 0 }, undefined)).toBeNull();
    expect(OFFLINE_TICKET_MESSAGES.pickerNote(4)).toBe('Hors ligne : seuls les 4 numéros réservés à cette caisse sont proposés.');
  });

  it('makes every number outside the block unavailable in the picker', () => {
    expect([...unavailableOffline(6, [2, 5])]).toEqual([1, 3, 4, 6]);
  });
});

describe('buyers named offline', () => {
  it('identifies the buyer before sending the sale, once, and keeps the id in the queue', async () => {
    const buyer = rememberOfflineBuyer({ firstname: 'Alix', lastname: 'Durand', email: 'alix@example.org', phone: '' }, 5000);
    expect(buyer.id).toBe(-5000);
    const store = memoryStore([queued('a', { personId: buyer.id, raffles: [11] })]);
    const created: unknown[] = [];
    const api = {
      findPerson: async () => null,
      createPerson: async (person: unknown) => {
        created.push(person);
        return { id: 77, firstname: 'Alix', lastname: 'Durand', email: 'alix@example.org', phone: null };
      },
    };
    const sent: SaleBody[] = [];
    const report = await syncQueue(
      store,
      async (sale) => (sent.push(sale), ok),
      2,
      (id) => identifyOfflineBuyer(api, id),
    );
    expect(report).toEqual({ sent: 1, refused: 0, stopped: false, signInNeeded: false });
    expect(created).toEqual([{ email: 'alix@example.org', phone: '', firstName: 'Alix', lastName: 'Durand' }]);
    expect(sent.map((sale) => sale.personId)).toEqual([77]);
  });

  it('waits when the buyer cannot be identified for lack of network, and refuses a buyer no longer on the device', async () => {
    const buyer = rememberOfflineBuyer({ firstname: 'Alix', lastname: 'Durand', email: '', phone: '0611223344' }, 6000);
    const store = memoryStore([queued('a', { personId: buyer.id }), queued('bb', { personId: -1 })]);
    const offline = {
      findPerson: async () => Promise.reject(new ApiError(0, 'Impossible de contacter le serveur.')),
      createPerson: async () => Promise.reject(new Error('non')),
    };
    expect(
      await syncQueue(
        store,
        async () => ok,
        2,
        (id) => identifyOfflineBuyer(offline, id),
      ),
    ).toEqual({ sent: 0, refused: 0, stopped: true, signInNeeded: false });
    const back = {
      findPerson: async () => ({ id: 12, firstname: 'Alix', lastname: 'Durand', email: null, phone: '0611223344' }),
      createPerson: offline.createPerson,
    };
    expect(
      await syncQueue(
        store,
        async () => ok,
        2,
        (id) => identifyOfflineBuyer(back, id),
      ),
    ).toEqual({ sent: 1, refused: 1, stopped: false, signInNeeded: false });
    const [left] = await store.all();
    expect(left!.refusal).toBe(`Erreur lors de la vente : ${UNKNOWN_OFFLINE_BUYER}`);
  });
});
