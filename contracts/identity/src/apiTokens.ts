/**
 * API tokens for tools (docs/api-tokens.md): a named token an administrator creates for a script or
 * another tool, with chosen roles and an expiry, shown once, revoked at will.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Int, SafeText } from '@kermesse/contracts-common/schemas';
import { API_TOKEN_MAX_DAYS, type ApiTokenState } from './apiTokenRules.ts';
import { ROLE_NAMES, type RoleName } from './roles.ts';
import { RolesSchema } from './schemas.ts';

/** `POST /api/admin/api-tokens`. */
export const NewApiTokenBody = Type.Object(
  {
    name: SafeText({ minLength: 1, maxLength: 100 }),
    roles: RolesSchema,
    /** Days from now until the token stops working. */
    expiresInDays: Int(1, API_TOKEN_MAX_DAYS),
  },
  { additionalProperties: false },
);
export type NewApiTokenBody = Static<typeof NewApiTokenBody>;

/** `DELETE /api/admin/api-tokens/{id}`: the token's id is its `jti`. */
export const ApiTokenParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type ApiTokenParams = Static<typeof ApiTokenParams>;

export const ApiTokenAnswer = Type.Object({
  /** The token's `jti`. */
  id: Type.String(),
  name: Type.String(),
  roles: Type.Array(Type.Unsafe<RoleName>({ type: 'string', enum: [...ROLE_NAMES] })),
  /** The e-mail of the administrator who created it (the token acts on their behalf). */
  createdBy: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  /** The last time a gateway checked it, to the minute; null when never used. */
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  state: Type.Unsafe<ApiTokenState>({ type: 'string', enum: ['active', 'expired', 'revoked'] }),
});
export type ApiTokenAnswer = Static<typeof ApiTokenAnswer>;

/** 201: the token itself, shown this once. */
export const CreatedApiTokenAnswer = Type.Intersect([ApiTokenAnswer, Type.Object({ token: Type.String() })]);
export type CreatedApiTokenAnswer = Static<typeof CreatedApiTokenAnswer>;

export const ApiTokenListAnswer = Type.Object({ items: Type.Array(ApiTokenAnswer), total: Type.Integer() });
export type ApiTokenListAnswer = Static<typeof ApiTokenListAnswer>;
