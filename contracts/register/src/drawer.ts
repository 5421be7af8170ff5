/**
 * The cash drawer (docs/printing.md §5): « Ouvrir le tiroir » outside a sale is a right of the till
 * manager, recorded with who and when before the register sends the printer's pulse.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from '@kermesse/contracts-common/schemas';

export const DrawerParams = Type.Object({ checkoutId: Id });

export const DrawerOpening = Type.Object({
  id: Type.Integer(),
  checkoutId: Type.Integer(),
  /** The account that opened it, and its e-mail as the token named it then. */
  openedBy: Type.String(),
  openedByEmail: Type.String(),
  openedAt: Type.String(),
});
export type DrawerOpening = Static<typeof DrawerOpening>;

export const DrawerOpenings = Type.Object({ openings: Type.Array(DrawerOpening) });
export type DrawerOpenings = Static<typeof DrawerOpenings>;

export const DRAWER_MESSAGES = {
  DRAWER_FORBIDDEN: 'Seul un administrateur ou un responsable de caisse peut ouvrir le tiroir en dehors d’une vente.',
} as const;
export type DrawerErrorCode = keyof typeof DRAWER_MESSAGES;
