/**
 * HelloAsso and the bank with two associations on one installation (docs/keys-per-association.md):
 * the same HelloAsso ids and the same statement imported by both are kept by each, once, numbered in
 * each one's own journal, and neither sees the other's account, items, payouts or bank lines. Real
 * Postgres, as the service's run-time role under row-level security.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@kermesse/kit/db';
import { startHostedDatabase, type HostedDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { migrations, schema } from '../migrations/index.ts';
import { readStatement } from './bank/statement.ts';
import { importStatement, matchBankLine, reconciliation } from './commands/bank.ts';
import { importHelloAsso } from './commands/importHelloAsso.ts';
import type { HelloAssoOrder, HelloAssoPayment } from './helloasso/client.ts';
import { listHelloAssoItems, listHelloAssoPayouts, readHelloAssoSettings, saveHelloAssoSettings } from './repositories/helloasso.ts';
import { listEntries } from './repositories/journal.ts';

const FERRY = '3c2b1a4e-5d6f-4a7b-8c9d-0e1f2a3b4c51';
const COMITE = '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c62';

let db: Db;
let hosted: HostedDatabase | undefined;

beforeAll(async () => {
  hosted = await startHostedDatabase({ schema, migrations });
  db = hosted.db;
}, 60_000);

afterAll(() => hosted?.close());

const ORDERS: HelloAssoOrder[] = [
  {
    id: 1001,
    date: '2026-05-02T10:00:00+02:00',
    payer: { firstName: 'Camille', lastName: 'Martin' },
    items: [{ id: 5001, name: 'Repas adulte', amount: 1200, type: 'Registration', state: 'Processed' }],
  },
];
const PAYMENTS: HelloAssoPayment[] = [
  {
    id: 9001,
    amount: 1200,
    date: '2026-05-02T10:00:00+02:00',
    cashOutState: 'CashedOut',
    idCashOut: 77,
    cashOutDate: '2026-05-10T09:00:00+02:00',
    items: [{ id: 5001, shareAmount: 1200 }],
  },
];
const STATEMENT = new TextEncoder().encode('Date;Libellé;Montant\n10/05/2026;VIR HELLOASSO 77;12,00\n11/05/2026;FRAIS;-2,50\n');
const FORM = { formType: 'Event', formSlug: 'kermesse-2026' };

describe('HelloAsso and the bank per association', () => {
  it('keep the same HelloAsso items and the same statement once in each association, each in its own books', async () => {
    for (const [association, slug] of [
      [FERRY, 'ape-jules-ferry'],
      [COMITE, 'comite-des-fetes'],
    ] as const) {
      await withAssociation(association, async () => {
        await saveHelloAssoSettings(db, { organization_slug: slug, client_id: `client-${slug}`, client_secret: 'secret' });
        expect(await importHelloAsso(db, FORM, ORDERS, PAYMENTS)).toMatchObject({ sales: 1, payouts: 1, alreadyImported: 0 });
        expect(await importHelloAsso(db, FORM, ORDERS, PAYMENTS)).toMatchObject({ sales: 0, payouts: 0, alreadyImported: 1 });
        const statement = { fileName: 'releve.csv', account: '512', statement: readStatement(STATEMENT), dryRun: false };
        expect(await importStatement(db, statement)).toMatchObject({ lines: 2, alreadyImported: 0 });
        expect(await importStatement(db, statement)).toMatchObject({ lines: 0, alreadyImported: 2 });
      });
    }
    for (const [association, slug] of [
      [FERRY, 'ape-jules-ferry'],
      [COMITE, 'comite-des-fetes'],
    ] as const) {
      await withAssociation(association, async () => {
        expect((await readHelloAssoSettings(db))?.organization_slug).toBe(slug);
        expect((await listHelloAssoItems(db)).map((i) => Number(i.item_id))).toEqual([5001]);
        expect((await listHelloAssoPayouts(db)).map((p) => Number(p.cash_out_id))).toEqual([77]);
        // Each association's journal numbers its own entries from 1.
        expect((await listEntries(db, 2026)).map((e) => [e.number, e.piece_ref])).toEqual([
          [1, 'HA-5001'],
          [2, 'HAV-77'],
        ]);
        const rec = await reconciliation(db, 2026);
        expect(rec.lines.map((l) => l.amount)).toEqual([12, -2.5]);
        const line = rec.lines[0]!;
        await matchBankLine(db, line.id, line.proposals[0]!.entryId, null);
        expect((await reconciliation(db, 2026)).unmatchedEntries).toEqual([]);
      });
    }
  });
});
