/**
 * A local stand-in for SumUp's REST API, answering as developer.sumup.com documents it (readers
 * list, reader checkout, transaction by client_transaction_id, the merchant's payouts between two
 * days), so the register's adapter and accounting's payouts are tested without ever leaving the
 * machine. Every request is recorded.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SUMUP_KEY = 'sup_sk_test_kermesse';
export const FAKE_MERCHANT = 'MK3RM3SS';

interface FakeTransaction {
  id: string;
  clientTransactionId: string;
  amountCents: number;
  readerId: string;
  polls: number;
  outcome: 'SUCCESSFUL' | 'FAILED' | 'CANCELLED' | 'PENDING';
  code: string;
}

export interface FakeSumUp {
  url: string;
  requests: Array<{ method: string; path: string; body: unknown; authorization?: string }>;
  readers: Array<{
    id: string;
    name: string;
    status: string;
    device: { identifier: string; model: string };
    created_at: string;
    updated_at: string;
  }>;
  /** What the next transactions end as, after `pollsBeforeResult` polls answered 404 then PENDING. */
  next: { outcome: FakeTransaction['outcome']; pollsBeforeResult: number };
  offline: Set<string>;
  transactions: Map<string, FakeTransaction>;
  /** The merchant's payout records (« Payouts » API), served by date between `start_date` and `end_date`. */
  payouts: FakePayout[];
  close(): Promise<void>;
}

export interface FakePayout {
  id: number;
  type: 'PAYOUT' | 'CHARGE_BACK_DEDUCTION' | 'REFUND_DEDUCTION' | 'DD_RETURN_DEDUCTION' | 'BALANCE_DEDUCTION';
  amount: number;
  fee: number;
  currency: string;
  date: string;
  status: 'SUCCESSFUL' | 'FAILED';
  reference: string;
  transaction_code: string;
}

export async function startFakeSumUp(): Promise<FakeSumUp> {
  const now = new Date().toISOString();
  const fake: Omit<FakeSumUp, 'url' | 'close'> = {
    requests: [],
    readers: [
      {
        id: 'rdr_3MSAFM23CK82VSTT4BN6RWSQ65',
        name: 'Comptoir',
        status: 'paired',
        device: { identifier: 'U1DT3NA00-CN', model: 'solo' },
        created_at: now,
        updated_at: now,
      },
      {
        id: 'rdr_0EXPIRED0000000000000000AB',
        name: 'Vieux Solo',
        status: 'expired',
        device: { identifier: 'U1DT3NA99-XX', model: 'solo' },
        created_at: now,
        updated_at: now,
      },
    ],
    next: { outcome: 'SUCCESSFUL', pollsBeforeResult: 1 },
    offline: new Set(),
    transactions: new Map(),
    payouts: [],
  };

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = raw ? JSON.parse(raw) : undefined;
      fake.requests.push({ method: req.method ?? '', path: url.pathname + url.search, body, authorization: req.headers.authorization });
      if (req.headers.authorization !== `Bearer ${FAKE_SUMUP_KEY}`) {
        send(res, 401, { error_code: 'NOT_AUTHORIZED', message: 'Unauthorized' });
        return;
      }
      const readers = url.pathname.match(/^\/v0\.1\/merchants\/([^/]+)\/readers$/);
      if (req.method === 'GET' && readers) {
        if (readers[1] !== FAKE_MERCHANT) return send(res, 404, { errors: { detail: 'Merchant not found' } });
        return send(res, 200, { items: fake.readers });
      }
      const checkout = url.pathname.match(/^\/v0\.1\/merchants\/([^/]+)\/readers\/([^/]+)\/checkout$/);
      if (req.method === 'POST' && checkout) {
        const reader = fake.readers.find((r) => r.id === checkout[2]);
        if (!reader) return send(res, 404, { errors: { detail: 'Reader not found' } });
        if (fake.offline.has(reader.id)) return send(res, 422, { errors: { detail: 'The target device is offline' } });
        const amount = body?.total_amount;
        if (!amount || !Number.isInteger(amount.value) || amount.currency !== 'EUR' || amount.minor_unit !== 2) {
          return send(res, 400, { errors: { detail: 'total_amount is invalid' } });
        }
        const clientTransactionId = randomUUID();
        fake.transactions.set(clientTransactionId, {
          id: randomUUID(),
          clientTransactionId,
          amountCents: amount.value,
          readerId: reader.id,
          polls: 0,
          outcome: fake.next.outcome,
          code: `TDEMO${Math.floor(Math.random() * 1e6)}`,
        });
        return send(res, 201, { data: { client_transaction_id: clientTransactionId } });
      }
      const tx = url.pathname.match(/^\/v2\.1\/merchants\/([^/]+)\/transactions$/);
      if (req.method === 'GET' && tx) {
        const found = fake.transactions.get(url.searchParams.get('client_transaction_id') ?? '');
        if (!found) return send(res, 404, { error_code: 'NOT_FOUND', message: 'Resource not found' });
        found.polls += 1;
        // Until the card is presented, SumUp has no transaction yet (404), then a pending one.
        if (found.polls <= fake.next.pollsBeforeResult) return send(res, 404, { error_code: 'NOT_FOUND', message: 'Resource not found' });
        const status = found.polls <= fake.next.pollsBeforeResult + 1 ? 'PENDING' : found.outcome;
        return send(res, 200, {
          id: found.id,
          transaction_code: status === 'SUCCESSFUL' ? found.code : undefined,
          amount: found.amountCents / 100,
          currency: 'EUR',
          timestamp: new Date().toISOString(),
          status,
          payment_type: 'POS',
          merchant_code: FAKE_MERCHANT,
          client_transaction_id: found.clientTransactionId,
        });
      }
      const payouts = url.pathname.match(/^\/v1\.0\/merchants\/([^/]+)\/payouts$/);
      if (req.method === 'GET' && payouts) {
        if (payouts[1] !== FAKE_MERCHANT) return send(res, 404, { error_code: 'NOT_FOUND', message: 'Merchant not found' });
        const from = url.searchParams.get('start_date') ?? '';
        const to = url.searchParams.get('end_date') ?? '';
        const day = /^\d{4}-\d{2}-\d{2}$/;
        if (!day.test(from) || !day.test(to) || to < from)
          return send(res, 400, { error_code: 'INVALID', message: 'start_date and end_date are required, end_date >= start_date' });
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const found = fake.payouts
          .filter((p) => p.date >= from && p.date <= to)
          .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
        if (url.searchParams.get('order') === 'desc') found.reverse();
        return send(res, 200, found.slice(0, limit));
      }
      send(res, 404, { error_code: 'NOT_FOUND', message: 'Resource not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The same object the server reads, so a test can change `next` or `offline` as it goes.
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
