/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { updateCheckout } from './updateCheckout.ts';

/** A register is archived (it disappears from the register's list), never deleted: its sales stay. */
export const archiveCheckout = (db: Db, id: number) => updateCheckout(db, id, { archived: true });
