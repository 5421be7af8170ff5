/**
 * Identity's HTTP shapes: staff accounts (`/api/admin/users`), one-time links, the
 * person's own profile, first run, and the passkey paths of docs/spec.md §7 « Passkey and sign-in ».
 */
import { Type, type Static } from '@sinclair/typebox';
import { SafeText } from '@kermesse/contracts-common/schemas';
import { ROLE_NAMES, STAFF_ROLE_NAMES } from './roles.ts';

/** A role as answers show it (the host operator's `host` included). */
export const RoleSchema = Type.Union(ROLE_NAMES.map((r) => Type.Literal(r)));
/** The roles an administrator may give: the staff's only, never `host`. */
export const RolesSchema = Type.Array(Type.Union(STAFF_ROLE_NAMES.map((r) => Type.Literal(r))), {
  minItems: 1,
  maxItems: 4,
  uniqueItems: true,
});

const Email = Type.String({ minLength: 3, maxLength: 254, format: 'email' });
const Name = SafeText({ minLength: 1, maxLength: 100 });
/** The length is checked by `passwordProblem` (French message); here only a sane upper bound. */
const Password = Type.String({ minLength: 1, maxLength: 1024 });
const Uuid = Type.String({ format: 'uuid' });

export const PasskeySummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PasskeySummary = Static<typeof PasskeySummary>;

/** A staff member as `/api/admin/users` shows them. */
export const Person = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  roles: Type.Array(RoleSchema),
  disabled: Type.Boolean(),
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
  passkeys: Type.Array(PasskeySummary),
});
export type Person = Static<typeof Person>;

/** A one-time link: set a password (new account, reset) or make a passkey on one's own device. */
export const OneTimeLink = Type.Object({
  url: Type.String(),
  token: Type.String(),
  expiresAt: Type.String(),
  /** True when it was also e-mailed to the person (SMTP configured); otherwise the admin hands it over. */
  emailed: Type.Optional(Type.Boolean()),
});
export type OneTimeLink = Static<typeof OneTimeLink>;

export const CreatePersonBody = Type.Object(
  {
    email: Email,
    firstname: Name,
    lastname: Name,
    roles: RolesSchema,
    password: Type.Optional(Password),
  },
  { additionalProperties: false },
);
export type CreatePersonBody = Static<typeof CreatePersonBody>;

/** The created person; `setupLink` when no password was given (valid 48 h, used once). */
export const CreatedPerson = Type.Intersect([Person, Type.Object({ setupLink: Type.Optional(OneTimeLink) })]);
export type CreatedPerson = Static<typeof CreatedPerson>;

export const UpdatePersonBody = Type.Object(
  {
    email: Type.Optional(Email),
    firstname: Type.Optional(Name),
    lastname: Type.Optional(Name),
    roles: Type.Optional(RolesSchema),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePersonBody = Static<typeof UpdatePersonBody>;

export const PersonParams = Type.Object({ id: Uuid });
export const PasskeyParams = Type.Object({ id: Uuid, passkeyId: Uuid });
export const OwnPasskeyParams = Type.Object({ passkeyId: Uuid });
export const LinkParams = Type.Object({ token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });

/** What the page opened from a one-time link shows before the person sets a password. */
export const LinkInfo = Type.Object({
  purpose: Type.Union([Type.Literal('setup'), Type.Literal('reset'), Type.Literal('passkey')]),
  email: Type.String(),
  firstname: Type.String(),
  expiresAt: Type.String(),
});
export type LinkInfo = Static<typeof LinkInfo>;

export const SetPasswordBody = Type.Object({ password: Password }, { additionalProperties: false });
export type SetPasswordBody = Static<typeof SetPasswordBody>;

export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Password,
    newPassword: Password,
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** First run: the first administrator, accepted only while no account exists. */
export const FirstAdminBody = Type.Object(
  {
    email: Email,
    firstname: Name,
    lastname: Name,
    password: Password,
  },
  { additionalProperties: false },
);
export type FirstAdminBody = Static<typeof FirstAdminBody>;

export const SetupState = Type.Object({ needsFirstAdmin: Type.Boolean() });
export type SetupState = Static<typeof SetupState>;

/** `POST /api/login`: the e-mail is not checked as an address here (a wrong one is just refused). */
export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Password,
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** `GET /internal/tokens/:jti`: a token's revocation state (services only, never through the gateway). */
export const TokenParams = Type.Object({ jti: Uuid });
export const TokenState = Type.Object({ revoked: Type.Boolean() });
export type TokenState = Static<typeof TokenState>;

export const TokenAnswer = Type.Object({ token: Type.String() });
export type TokenAnswer = Static<typeof TokenAnswer>;

// ---- Passkeys (docs/spec.md §7). Credential payloads are WebAuthn's JSON forms, checked by the library.

/** `POST /profile/security/devices/add/options {username}` (the username is the person's e-mail, optional). */
export const OwnDeviceOptionsBody = Type.Object(
  { username: Type.Optional(Type.String({ maxLength: 254 })) },
  { additionalProperties: false },
);
/** `POST /profile/security/devices/add` and the on-behalf completion: the new credential and its name. */
export const AddDeviceBody = Type.Object(
  {
    credential: Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: true }),
    name: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
);
export type AddDeviceBody = Static<typeof AddDeviceBody>;

export const OnBehalfParams = Type.Object({ user_id: Uuid });

/** `POST /login/options {_username}`: empty username → discoverable credentials. */
export const LoginOptionsBody = Type.Object({ _username: Type.Optional(Type.String({ maxLength: 254 })) }, { additionalProperties: false });
export const PasskeyLoginBody = Type.Object(
  {
    credential: Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: true }),
  },
  { additionalProperties: false },
);
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

/** The passkey endpoints answer `{ status: 'error', message }` or a success leading to `redirect`. */
export const PasskeyAnswer = Type.Union([
  Type.Object({ status: Type.Literal('error'), message: Type.String() }),
  Type.Object({ status: Type.Literal('success'), redirect: Type.String(), token: Type.Optional(Type.String()) }),
]);
export type PasskeyAnswer = Static<typeof PasskeyAnswer>;

/** The on-behalf link page: its one-time token, to fetch options and to send the credential. */
export const OnBehalfLinkBody = Type.Object({ token: LinkParams.properties.token }, { additionalProperties: false });
export const OnBehalfAddBody = Type.Object(
  {
    token: LinkParams.properties.token,
    credential: AddDeviceBody.properties.credential,
    name: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
);
export type OnBehalfAddBody = Static<typeof OnBehalfAddBody>;

// ---- Answers the shell reads (the service returns them typed from here).

/** `GET /api/admin/users`. */
export const PeopleList = Type.Object({ users: Type.Array(Person) });
export type PeopleList = Static<typeof PeopleList>;

/** `POST /api/admin/users/{id}/reset`: a new one-time link (the older ones stop working). */
export const ResetAnswer = Type.Object({ resetLink: OneTimeLink });
export type ResetAnswer = Static<typeof ResetAnswer>;

/** `POST /api/setup`: the first administrator, signed in. */
export const FirstAdminAnswer = Type.Object({ token: Type.String(), person: Person });
export type FirstAdminAnswer = Static<typeof FirstAdminAnswer>;

/** The admin's start of a passkey on behalf of a person: the one-time link to open on their device. */
export const OnBehalfLinkAnswer = Type.Object({ status: Type.Literal('success'), link: OneTimeLink });
export type OnBehalfLinkAnswer = Static<typeof OnBehalfLinkAnswer>;

/** A passkey sign-in that succeeded (`POST /login`). */
export type PasskeySignedIn = Extract<PasskeyAnswer, { status: 'success' }> & { token: string };

/** `POST /api/token/release`, `DELETE /api/admin/users/{id}/passkeys/{passkeyId}`. */
export { SuccessAnswer } from '@kermesse/contracts-common/schemas';

/** `PUT /api/profile/password`: done, and the sentence that says so. */
export const PasswordChanged = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type PasswordChanged = Static<typeof PasswordChanged>;

/** `GET /profile/security/devices`: the signed-in person's passkeys. */
export const DevicesAnswer = Type.Object({ devices: Type.Array(PasskeySummary) });
export type DevicesAnswer = Static<typeof DevicesAnswer>;

/** `GET /.well-known/jwks.json`: the public keys that verify access tokens (Ed25519, JWK form). */
export const Jwks = Type.Object({
  keys: Type.Array(
    Type.Object(
      {
        kty: Type.String(),
        kid: Type.Optional(Type.String()),
        alg: Type.Optional(Type.String()),
        crv: Type.Optional(Type.String()),
        x: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  ),
});
export type Jwks = Static<typeof Jwks>;

const CredentialDescriptor = Type.Object(
  { id: Type.String(), type: Type.Literal('public-key'), transports: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: true },
);

/**
 * `POST /login/options`: WebAuthn's request options for `navigator.credentials.get` (JSON form; the
 * browser library reads them as they are, so fields WebAuthn adds later pass through).
 */
export const PasskeyLoginOptions = Type.Object(
  {
    challenge: Type.String(),
    rpId: Type.Optional(Type.String()),
    timeout: Type.Optional(Type.Number()),
    allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
    userVerification: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** The creation options for `navigator.credentials.create` (WebAuthn's JSON form). */
export const PasskeyRegistrationOptions = Type.Object(
  {
    challenge: Type.String(),
    rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }, { additionalProperties: true }),
    user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }, { additionalProperties: true }),
    pubKeyCredParams: Type.Array(Type.Object({ type: Type.String(), alg: Type.Number() }, { additionalProperties: true })),
    timeout: Type.Optional(Type.Number()),
    excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
    authenticatorSelection: Type.Optional(Type.Object({}, { additionalProperties: true })),
    attestation: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** `POST /login`: signed in — the access token, and where the page goes next. */
export const PasskeySignInAnswer = Type.Object({ status: Type.Literal('success'), redirect: Type.String(), token: Type.String() });

/** A passkey registered (own device, or on behalf through a link): the new device as the list shows it. */
export const PasskeyAddedAnswer = Type.Object({ status: Type.Literal('success'), redirect: Type.String(), passkey: PasskeySummary });
export type PasskeyAddedAnswer = Static<typeof PasskeyAddedAnswer>;

/**
 * `POST /admin/security/user/{user_id}/devices/add/options`: with the link's `token`, the creation
 * options for the person's device; without, the admin's one-time link to hand over.
 */
export const OnBehalfOptionsAnswer = Type.Union([PasskeyRegistrationOptions, OnBehalfLinkAnswer]);
