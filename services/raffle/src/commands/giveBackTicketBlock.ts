import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { raffleExists } from '../repositories/raffles.ts';
import { deleteBlockNumbers, readTicketBlock, type BlockState } from '../repositories/ticketBlocks.ts';

/**
 * Gives numbers of the register's block back to every register: those listed, or the whole block.
 * Numbers of another register's block are left alone. Idempotent.
 */
export async function giveBackTicketBlock(db: Db, raffleId: number, checkoutId: number, numbers?: number[]): Promise<BlockState> {
  if (!(await raffleExists(db, raffleId))) throw raffleError('RAFFLE_NOT_FOUND');
  await deleteBlockNumbers(db, raffleId, checkoutId, numbers);
  return readTicketBlock(db, raffleId, checkoutId);
}
