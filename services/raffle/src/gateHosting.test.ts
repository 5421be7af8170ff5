/**
 * Pre-sold tickets of two associations on one installation (docs/gate.md §2): each signs with its
 * own key; a ticket of one is « inconnu » at the other's gate, even for an event id both could hold,
 * and its list shows only its own tickets. Real Postgres, as the service's run-time role under
 * row-level security.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@kermesse/kit/db';
import { startHostedDatabase, type HostedDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { parseGateCode } from '@kermesse/contracts-raffle';
import { migrations, schema } from '../migrations/index.ts';
import { issueGatePass } from './commands/issueGatePass.ts';
import { recordGateScans } from './commands/recordGateScans.ts';
import { gateKey } from './gate/keys.ts';
import { upsertEvent } from './repositories/events.ts';
import { listGatePasses } from './repositories/gatePasses.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';

let db: Db;
let hosted: HostedDatabase | undefined;

beforeAll(async () => {
  hosted = await startHostedDatabase({ schema, migrations });
  db = hosted.db;
}, 60_000);

afterAll(() => hosted?.close());

const scan = (code: string) => ({ scanId: randomUUID(), code, device: 'Portail' });

describe('two associations check their tickets apart', () => {
  it('sign with their own keys, and a ticket of one is unknown at the other’s gate', async () => {
    const ferry = await withAssociation(FERRY, async () => {
      await upsertEvent(db, { id: 401, name: 'Kermesse Jules Ferry' });
      return issueGatePass(db, { eventId: 401, holder: 'Famille Durand' }, 'admin@ferry.fr');
    });
    const comite = await withAssociation(COMITE, async () => {
      await upsertEvent(db, { id: 402, name: 'Fête du village' });
      return issueGatePass(db, { eventId: 402, holder: 'Famille Roux' }, 'admin@comite.fr');
    });
    expect(parseGateCode(ferry.code)?.payload.a).toBe(FERRY);
    expect(parseGateCode(comite.code)?.payload.a).toBe(COMITE);

    const keys = await Promise.all([withAssociation(FERRY, () => gateKey(db)), withAssociation(COMITE, () => gateKey(db))]);
    expect(keys[0].publicKey).not.toBe(keys[1].publicKey);

    // The comité's ticket at the Ferry gate: not theirs, whatever the event.
    const [atFerry] = await withAssociation(FERRY, () => recordGateScans(db, 401, [scan(comite.code)], 'benevole@ferry.fr'));
    expect(atFerry).toMatchObject({ outcome: 'unknown', pass: null });
    const [own] = await withAssociation(COMITE, () => recordGateScans(db, 402, [scan(comite.code)], 'benevole@comite.fr'));
    expect(own?.outcome).toBe('valid');

    expect((await withAssociation(FERRY, async () => await listGatePasses(db, 402))).length).toBe(0);
    expect((await withAssociation(FERRY, async () => await listGatePasses(db, 401))).map((p) => p.holder)).toEqual(['Famille Durand']);
  });
});
