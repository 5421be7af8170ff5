/**
 * The events the identity domain publishes: type → version and JSON schema of its payload, and the
 * payload types derived from them. The kit's event catalogue (`@kermesse/kit/bus`) gathers every domain's events:
 * validated when recorded in an outbox and again when a consumer receives them.
 */
import type { PayloadsOf } from '@kermesse/contracts-common/events';

export const IDENTITY_EVENT_SCHEMAS = {
  'user.created': {
    version: 1,
    payload: {
      type: 'object',
      required: ['userId', 'email', 'roles'],
      properties: {
        userId: { type: 'string', minLength: 1 },
        email: { type: 'string', minLength: 3 },
        roles: { type: 'array', items: { type: 'string', enum: ['admin', 'treasurer', 'cashier', 'volunteer', 'host'] } },
      },
      additionalProperties: false,
    },
  },
  /**
   * Tokens of a person were revoked (account disabled, roles changed) or one of the API tokens they made for
   * a tool (`api-token`): caches drop that person's answers at once and ask identity again.
   */
  'user.tokens.revoked': {
    version: 1,
    payload: {
      type: 'object',
      required: ['userId', 'reason'],
      properties: {
        userId: { type: 'string', minLength: 1 },
        reason: { type: 'string', enum: ['disabled', 'roles', 'api-token'] },
      },
      additionalProperties: false,
    },
  },
  /** A person signed in (the till law's event log, docs/compliance/conditions.md §5). */
  'user.signed.in': {
    version: 1,
    payload: {
      type: 'object',
      required: ['userId', 'email', 'method'],
      properties: {
        userId: { type: 'string', minLength: 1 },
        email: { type: 'string', minLength: 1, maxLength: 320 },
        method: { type: 'string', enum: ['password', 'passkey'] },
      },
      additionalProperties: false,
    },
  },
  /** A sign-in refused: wrong address or password, or too many attempts. */
  'user.signin.failed': {
    version: 1,
    payload: {
      type: 'object',
      required: ['email', 'reason'],
      properties: {
        email: { type: 'string', maxLength: 320 },
        reason: { type: 'string', enum: ['credentials', 'throttled'] },
      },
      additionalProperties: false,
    },
  },
  /**
   * The host directory changed (docs/hosting.md): an association created, suspended, resumed or
   * erased. Gateways forget what they cached of its host at once.
   */
  'host.association.changed': {
    version: 1,
    payload: {
      type: 'object',
      required: ['associationId', 'slug', 'state'],
      properties: {
        associationId: { type: 'string', minLength: 1 },
        slug: { type: 'string', minLength: 1, maxLength: 100 },
        state: { type: 'string', enum: ['active', 'suspended', 'erased'] },
      },
      additionalProperties: false,
    },
  },
} as const;

/** Payload types of identity's events, derived from their schemas. */
export type IdentityEventPayloads = PayloadsOf<typeof IDENTITY_EVENT_SCHEMAS>;
