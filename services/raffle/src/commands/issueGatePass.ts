/** Issues a pre-sold ticket for an event, with its signed code (docs/gate.md §1). */
import { randomUUID } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import { requireAssociation } from '@kermesse/kit/tenancy';
import type { GatePassImport, GatePassInput, ImportedGatePass, IssuedGatePass } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';
import { gateKey, signGateCode } from '../gate/keys.ts';
import { presentGatePass } from '../presenters/gatePasses.ts';
import { findEvent } from '../repositories/events.ts';
import { insertGatePass, insertImportedGatePass, type GatePassRow } from '../repositories/gatePasses.ts';

/** The pass with the code its QR carries. */
export async function withGateCode(db: Db, row: GatePassRow): Promise<IssuedGatePass> {
  const key = await gateKey(db);
  return { ...presentGatePass(row), code: signGateCode(key, { a: requireAssociation('withGateCode'), e: row.event_id, p: row.id }) };
}

export async function issueGatePass(db: Db, input: GatePassInput, issuedBy: string): Promise<IssuedGatePass> {
  if (!(await findEvent(db, input.eventId))) throw raffleError('EVENT_NOT_FOUND');
  const row = await insertGatePass(db, {
    id: randomUUID(),
    event_id: input.eventId,
    holder: input.holder.trim(),
    label: (input.label ?? '').trim(),
    quantity: input.quantity ?? 1,
    issued_by: issuedBy,
  });
  return withGateCode(db, row);
}

/** A ticket sold elsewhere (HelloAsso), imported once per source and id, whatever is sent twice. */
export async function importGatePass(db: Db, input: GatePassImport, importedBy: string): Promise<ImportedGatePass> {
  if (!(await findEvent(db, input.eventId))) throw raffleError('EVENT_NOT_FOUND');
  const { row, created } = await insertImportedGatePass(db, {
    id: randomUUID(),
    event_id: input.eventId,
    holder: input.holder.trim(),
    label: (input.label ?? '').trim(),
    quantity: input.quantity ?? 1,
    issued_by: importedBy,
    source: input.source,
    source_id: input.sourceId,
  });
  return { created, pass: await withGateCode(db, row) };
}
