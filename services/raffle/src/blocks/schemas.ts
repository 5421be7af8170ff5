/**
 * Shapes of the ticket-block routes (issue 15). Kept beside the routes until the raffle domain has
 * its `contracts/raffle` package; the register remote reads the same fields (mfe-register/src/sale/ticketBlock.ts).
 */
import { Type, type Static } from '@sinclair/typebox';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** `/api/cr/raffle/{id}/blocks…` */
export const BlockParams = Type.Object({ id: Id });

/** `GET /api/cr/raffle/{id}/blocks?checkoutId=` */
export const BlockQuery = Type.Object({ checkoutId: Id });

/** `POST /api/cr/raffle/{id}/blocks` `{ checkoutId, size }`: top the register's block up to `size` free numbers. */
export const TopUpBody = Type.Object({ checkoutId: Id, size: Type.Integer({ minimum: 1, maximum: 500 }) }, { additionalProperties: false });

/** `POST /api/cr/raffle/{id}/blocks/return` `{ checkoutId, numbers? }`: give numbers (or the whole block) back. */
export const GiveBackBody = Type.Object(
  { checkoutId: Id, numbers: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000000 }), { maxItems: 1000 })) },
  { additionalProperties: false },
);

/** Every block route answers the register's block and the numbers reserved to the others. */
export const BlockAnswer = Type.Object({
  raffleId: Id,
  checkoutId: Id,
  numbers: Type.Array(Type.Integer()),
  reservedElsewhere: Type.Array(Type.Integer()),
});
export type BlockAnswer = Static<typeof BlockAnswer>;
