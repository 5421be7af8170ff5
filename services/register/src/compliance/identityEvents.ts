/**
 * Identity's events in the technical event log (docs/compliance/conditions.md §5): sign-ins, refused
 * sign-ins, accounts created, disabled or given other roles. Run by the register's consumers in their
 * inbox transaction, so a redelivered event is logged once.
 */
import type { EventEnvelope } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { logEvent } from './eventLog.ts';

const at = (event: { occurredAt: string }) => new Date(event.occurredAt);

const ROLE_NAMES: Record<string, string> = { admin: 'administrateur', treasurer: 'trésorier', cashier: 'caissier', volunteer: 'bénévole' };

export const logSignIn = (trx: Trx, event: EventEnvelope<'user.signed.in'>) =>
  logEvent(trx, {
    kind: 'signin.succeeded',
    actor: event.payload.email,
    summary: `Connexion de ${event.payload.email} (${event.payload.method === 'passkey' ? "clé d'accès" : 'mot de passe'}).`,
    payload: { userId: event.payload.userId, method: event.payload.method, occurredAt: event.occurredAt },
    at: at(event),
  });

export const logSignInFailure = (trx: Trx, event: EventEnvelope<'user.signin.failed'>) =>
  logEvent(trx, {
    kind: 'signin.failed',
    actor: event.payload.email || '(adresse vide)',
    summary:
      event.payload.reason === 'throttled'
        ? `Connexion refusée pour ${event.payload.email} : trop de tentatives.`
        : `Connexion refusée pour ${event.payload.email} : adresse ou mot de passe incorrect.`,
    payload: { reason: event.payload.reason, occurredAt: event.occurredAt },
    at: at(event),
  });

export const logAccountCreated = (trx: Trx, event: EventEnvelope<'user.created'>) =>
  logEvent(trx, {
    kind: 'account.changed',
    actor: 'identité',
    summary: `Compte ${event.payload.email} créé (rôles : ${event.payload.roles.map((r) => ROLE_NAMES[r] ?? r).join(', ') || 'aucun'}).`,
    payload: { userId: event.payload.userId, roles: event.payload.roles },
    at: at(event),
  });

export const logTokensRevoked = (trx: Trx, event: EventEnvelope<'user.tokens.revoked'>) =>
  logEvent(trx, {
    kind: 'account.changed',
    actor: 'identité',
    summary:
      event.payload.reason === 'disabled'
        ? `Compte ${event.payload.userId} désactivé : ses sessions sont fermées.`
        : `Rôles du compte ${event.payload.userId} changés : ses sessions sont fermées.`,
    payload: { userId: event.payload.userId, reason: event.payload.reason },
    at: at(event),
  });
