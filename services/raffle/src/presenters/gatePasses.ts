/** A gate pass row → its answer (docs/gate.md). */
import type { GatePass } from '@kermesse/contracts-raffle';
import type { GatePassRow } from '../repositories/gatePasses.ts';

export const presentGatePass = (row: GatePassRow): GatePass => ({
  id: row.id,
  eventId: row.event_id,
  holder: row.holder,
  label: row.label,
  quantity: row.quantity,
  issuedAt: row.issued_at.toISOString(),
  usedAt: row.used_at ? row.used_at.toISOString() : null,
  usedDevice: row.used_device,
  usedBy: row.used_by,
});
