/**
 * Contact's HTTP shapes: the partner request of docs/spec.md §3 (form « Devenez partenaire solidaire »),
 * the public contact form (e-mail, subject, message) and the admins' inbox of both.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from '@kermesse/contracts-common/schemas';
import { DONATION_TYPES, type DonationType } from './labels.ts';
export * from './labels.ts';

/** docs/spec.md §3 « Partner request », as the public form « Devenez partenaire solidaire » sends it. */
export const PartnerRequestBody = Type.Object(
  {
    entreprise: Type.String({ minLength: 1, maxLength: 200 }),
    contact: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ maxLength: 254, format: 'email' }),
    telephone: Type.Optional(Type.String({ maxLength: 30, pattern: '^(|[0-9+ .()-]{6,30})$' })),
    code_postal: Type.Optional(Type.String({ maxLength: 10 })),
    ville: Type.Optional(Type.String({ maxLength: 100 })),
    siteweb: Type.Optional(Type.String({ maxLength: 300 })),
    /** docs/spec.md §4 donation types: none ('Aucun'), voucher, branded_item, lending, autres. */
    typeDon: Type.Optional(Type.Unsafe<DonationType>({ type: 'string', enum: DONATION_TYPES.map((t) => t.value) })),
    message: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);
export type PartnerRequestBody = Static<typeof PartnerRequestBody>;

/** What both public forms answer once the request is stored (201). */
export const FormAnswer = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type FormAnswer = Static<typeof FormAnswer>;

export const ContactMessageBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type ContactMessageBody = Static<typeof ContactMessageBody>;

export const InboxStatus = Type.Union([Type.Literal('new'), Type.Literal('handled')]);
export type InboxStatus = Static<typeof InboxStatus>;

/** One entry of the admins' inbox: a partner request or a contact message. */
export const InboxItem = Type.Object({
  kind: Type.Union([Type.Literal('partner'), Type.Literal('contact')]),
  id: Type.Integer(),
  status: InboxStatus,
  email: Type.String(),
  /** The company (partner) or the subject (contact). */
  title: Type.String(),
  /** Who wrote (partner contact name), empty for a contact message. */
  author: Type.String(),
  message: Type.String(),
  details: Type.Record(Type.String(), Type.String()),
  createdAt: Type.String(),
});
export type InboxItem = Static<typeof InboxItem>;

/** `PUT /api/admin/contact/inbox/{kind}/{id}`: the message's status is changed. */
export { SuccessAnswer } from '@kermesse/contracts-common/schemas';

/** `GET /api/admin/contact/inbox`: partner requests and contact messages, newest first. */
export const InboxAnswer = Type.Object({ items: Type.Array(InboxItem) });
export type InboxAnswer = Static<typeof InboxAnswer>;

export const InboxParams = Type.Object({
  kind: Type.Union([Type.Literal('partner'), Type.Literal('contact')]),
  id: Id,
});
export const InboxUpdateBody = Type.Object({ status: InboxStatus }, { additionalProperties: false });
export type InboxUpdateBody = Static<typeof InboxUpdateBody>;

/** `POST /internal/account-links` (identity only, never behind the gateway): e-mail a one-time link. */
export const AccountLinkBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    firstname: Type.String({ maxLength: 100 }),
    url: Type.String({ pattern: '^https?://', maxLength: 500 }),
    expiresAt: Type.String({ format: 'date-time' }),
    purpose: Type.Union([Type.Literal('setup'), Type.Literal('reset')]),
  },
  { additionalProperties: false },
);
export type AccountLinkBody = Static<typeof AccountLinkBody>;
/** False when no SMTP server is configured: nothing is queued, the admin hands the link over. */
export const AccountLinkAnswer = Type.Object({ emailed: Type.Boolean() });
export type AccountLinkAnswer = Static<typeof AccountLinkAnswer>;
