/**
 * Sign-ins and refused sign-ins as events (`user.signed.in`, `user.signin.failed`): the register's
 * technical event log records them (docs/compliance/conditions.md §5). Each in a transaction of its
 * own, so a refusal that follows is still recorded.
 */
import './events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import type { Db } from '@kermesse/kit/db';

export const recordSignIn = (db: Db, user: { id: string; email: string }, method: 'password' | 'passkey') =>
  db.transaction((trx) => recordEvent(trx, 'identity', 'user.signed.in', { userId: user.id, email: user.email.slice(0, 320), method }));

export const recordSignInFailure = (db: Db, email: string, reason: 'credentials' | 'throttled') =>
  db.transaction((trx) => recordEvent(trx, 'identity', 'user.signin.failed', { email: email.trim().slice(0, 320), reason }));
