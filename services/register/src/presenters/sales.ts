import { toEuros } from '@kermesse/contracts-common';
import type { PaymentView, PendingSale } from '@kermesse/contracts-register';
import type { PaymentRow, PendingSaleRow } from '../repositories/sales.ts';

/** docs/spec.md §3 pending sale: id, reference, price, buyer.person (firstname, lastname), event.name — plus what is paid. */
export const presentPendingSale = (s: PendingSaleRow): PendingSale => ({
  id: s.id,
  reference: s.reference,
  price: toEuros(s.total_cents),
  paid: toEuros(s.paid_cents),
  remaining: toEuros(s.total_cents - s.paid_cents),
  createdAt: new Date(s.created_at).toISOString(),
  buyer: { person: { id: s.person_id, firstname: s.firstname ?? '', lastname: s.lastname ?? '' } },
  event: { id: s.event_id, name: s.event_name },
  checkout: { id: s.checkout_id, name: s.checkout_name },
});

/** A payment as the pending-sale screen lists it (manual payment codes CHQ 1, ESP 2, card 3). */
export const presentPayment = (p: PaymentRow): PaymentView => ({
  id: p.id,
  method: p.method,
  payment_mode: p.method === 'CHQ' ? 1 : p.method === 'ESP' ? 2 : 3,
  amount: toEuros(p.amount_cents),
  payment_reference: p.reference,
  createdAt: new Date(p.created_at).toISOString(),
});
