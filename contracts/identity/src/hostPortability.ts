/**
 * The host console's export, import and erase of an association (docs/hosting-portability.md).
 */
import { Type, type Static } from '@sinclair/typebox';

/** `DELETE /api/host/associations/{slug}`: the slug typed again, so an erase is never one click away. */
export const EraseHostedAssociationBody = Type.Object(
  { confirm: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type EraseHostedAssociationBody = Static<typeof EraseHostedAssociationBody>;

export const ErasedHostedAssociation = Type.Object({ slug: Type.String(), erased: Type.Literal(true) });
export type ErasedHostedAssociation = Static<typeof ErasedHostedAssociation>;

/** `POST /api/host/associations/import`: the association recreated, at its address on this installation. */
export const ImportedHostedAssociation = Type.Object({ id: Type.String(), slug: Type.String(), url: Type.String() });
export type ImportedHostedAssociation = Static<typeof ImportedHostedAssociation>;
