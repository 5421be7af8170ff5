/**
 * The host console's shapes (docs/hosting.md): the directory of the hosted associations, kept by
 * identity, and what the console's routes take and answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SafeText } from '@kermesse/contracts-common/schemas';
import { OneTimeLink } from './schemas.ts';
import { LIMIT_RANGES } from './hostingRules.ts';

export const HostedAssociationState = Type.Union([Type.Literal('active'), Type.Literal('suspended')]);
export type HostedAssociationState = Static<typeof HostedAssociationState>;

/**
 * An association's limits in effect (docs/hosting.md, « Limits per association »): API requests per
 * second at the gateway, bytes of one upload, bytes of all its uploads together.
 */
export const AssociationLimits = Type.Object({
  requestsPerSecond: Type.Integer({ minimum: 1 }),
  uploadBytes: Type.Integer({ minimum: 0 }),
  storageBytes: Type.Integer({ minimum: 0 }),
});
export type AssociationLimits = Static<typeof AssociationLimits>;

/** What the host set for one association: null where the installation's default applies. */
export const AssociationLimitsOverride = Type.Object({
  requestsPerSecond: Type.Union([Type.Integer(LIMIT_RANGES.requestsPerSecond), Type.Null()]),
  uploadBytes: Type.Union([Type.Integer(LIMIT_RANGES.uploadBytes), Type.Null()]),
  storageBytes: Type.Union([Type.Integer(LIMIT_RANGES.storageBytes), Type.Null()]),
});
export type AssociationLimitsOverride = Static<typeof AssociationLimitsOverride>;

/** `PATCH /api/host/associations/{slug}`: the limits to change (null: back to the default; absent: unchanged). */
export const HostedAssociationChange = Type.Object({ limits: Type.Partial(AssociationLimitsOverride) }, { additionalProperties: false });
export type HostedAssociationChange = Static<typeof HostedAssociationChange>;

/** One entry of the directory: what the gateway and the services need to know of an association. */
export const DirectoryEntry = Type.Object({
  id: Type.String({ format: 'uuid' }),
  slug: Type.String(),
  name: Type.String(),
  state: HostedAssociationState,
  /** The limits in effect (the host's override, else the installation's default); the gateway applies them. */
  limits: Type.Optional(AssociationLimits),
});
export type DirectoryEntry = Static<typeof DirectoryEntry>;

/** `GET /internal/associations` (services only, never through the gateway). */
export const DirectoryAnswer = Type.Object({ associations: Type.Array(DirectoryEntry) });
export type DirectoryAnswer = Static<typeof DirectoryAnswer>;

/** A slug in a path. The rule itself (`slugProblemCode`) answers in French; here only a sane bound. */
export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });
export type SlugParams = Static<typeof SlugParams>;

/** `POST /api/host/associations`. */
export const NewHostedAssociationBody = Type.Object(
  {
    name: SafeText({ minLength: 1, maxLength: 120 }),
    slug: Type.String({ minLength: 1, maxLength: 100 }),
    admin: Type.Object(
      {
        email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
        firstname: SafeText({ minLength: 1, maxLength: 100 }),
        lastname: SafeText({ minLength: 1, maxLength: 100 }),
        password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type NewHostedAssociationBody = Static<typeof NewHostedAssociationBody>;

/** The association made: its address, and the first admin's one-time link when no password was given. */
export const CreatedHostedAssociation = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  url: Type.String(),
  link: Type.Optional(OneTimeLink),
});
export type CreatedHostedAssociation = Static<typeof CreatedHostedAssociation>;

/** What the register counts for an association (`GET /internal/figures` on the register). */
export const AssociationFigures = Type.Object({
  events: Type.Integer(),
  sales: Type.Integer(),
  lastSaleAt: Type.Union([Type.String(), Type.Null()]),
});
export type AssociationFigures = Static<typeof AssociationFigures>;

/** One line of the console's list: the directory entry, its address and its figures. */
export const HostedAssociation = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  state: HostedAssociationState,
  url: Type.String(),
  createdAt: Type.String(),
  suspendedAt: Type.Union([Type.String(), Type.Null()]),
  /** Null when the register could not be asked just now. */
  figures: Type.Union([AssociationFigures, Type.Null()]),
  /** Bytes of the association's uploads; 0 while uploads are not kept per association. */
  storageBytes: Type.Integer(),
  /** The limits in effect, and what the host set itself (null: the installation's default). */
  limits: AssociationLimits,
  limitsOverride: AssociationLimitsOverride,
});
export type HostedAssociation = Static<typeof HostedAssociation>;

/** `GET /api/host/associations?limit=&offset=`: a page of the directory in slug order, and how many there are in all. */
export const HostedAssociationsAnswer = Type.Object({ items: Type.Array(HostedAssociation), total: Type.Integer() });
export type HostedAssociationsAnswer = Static<typeof HostedAssociationsAnswer>;

/** The console's page when it names none: figures are read from each association's own schema, so a page stays small. */
export const HOSTED_ASSOCIATIONS_PAGE = 100;

/** `GET /api/host/whoami`: which side of the installation the shell is on. */
export const HostSideAnswer = Type.Object({
  hosting: Type.Boolean(),
  /** True on the host console (the bare domain), false on an association's host or a single install. */
  console: Type.Boolean(),
  /** With hosting, an association's address with `{slug}` in place of its slug (`http://{slug}.localhost:8080`). */
  associationAddress: Type.Optional(Type.String()),
});
export type HostSideAnswer = Static<typeof HostSideAnswer>;
