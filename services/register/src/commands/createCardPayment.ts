/** `POST /api/cr/payment/reader`: a payment intent of an amount, which a reader checkout then names (docs/spec.md §4 card flow). */
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '@kermesse/kit/auth';
import type { Db } from '@kermesse/kit/db';
import { toEuros } from '@kermesse/contracts-common';
import { insertCardPayment } from '../repositories/cards.ts';

export async function createCardPayment(db: Db, amountCents: number, user: AuthUser): Promise<{ id: string; amount: number }> {
  const id = randomUUID();
  await insertCardPayment(db, { id, amountCents, createdBy: user.id });
  return { id, amount: toEuros(amountCents) };
}
