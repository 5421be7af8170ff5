/**
 * SumUp's payouts booked from SumUp itself (docs/bank.md §2): each payout of the days asked, read
 * from SumUp's payouts API, becomes the deposit « Versement des paiements par carte » — debit the
 * bank with what reached it, debit 627 with the fees SumUp kept, credit 5115 with both — once, keyed
 * by SumUp's id, whatever range is read again. Deductions (refunds, chargebacks) and failed payouts
 * are listed, not booked: the treasurer writes them by hand.
 */
import type { Db } from '@kermesse/kit/db';
import { toCents } from '@kermesse/contracts-common';
import type { CardPayoutImportAnswer } from '@kermesse/contracts-accounting';
import { listSumUpPayouts, type SumUpCredentials, type SumUpPayoutRecord } from '../sumup/payouts.ts';
import { recordDeposit } from './bank.ts';

export async function importSumUpPayouts(
  db: Db,
  sumup: SumUpCredentials,
  values: { from: string; to: string; account: string; by: string | null },
): Promise<CardPayoutImportAnswer> {
  const records = await listSumUpPayouts(sumup, values.from, values.to);
  const answer: CardPayoutImportAnswer = { payouts: [], alreadyImported: 0, skipped: [] };
  // A payout may come as several records (one per transaction paid out): summed under its id.
  const payouts = new Map<number, { date: string; netCents: number; feesCents: number }>();
  for (const record of records) {
    const reason = skipReason(record);
    if (reason) {
      answer.skipped.push({ id: String(record.id), date: record.date, amount: record.amount, reason });
      continue;
    }
    const found = payouts.get(record.id) ?? { date: record.date, netCents: 0, feesCents: 0 };
    found.netCents += toCents(record.amount);
    found.feesCents += toCents(record.fee ?? 0);
    payouts.set(record.id, found);
  }
  for (const [id, payout] of payouts) {
    if (payout.netCents <= 0) continue;
    const booked = await db.transaction(async (trx) => {
      const [row] = (await trx('card_payouts')
        .insert({
          provider: 'sumup',
          payout_id: String(id),
          payout_date: payout.date,
          net_cents: payout.netCents,
          fees_cents: payout.feesCents,
        })
        .onConflict(['association_id', 'provider', 'payout_id'])
        .ignore()
        .returning('id')) as Array<{ id: number }>;
      if (!row) return null;
      const deposit = await recordDeposit(trx as unknown as Db, {
        date: payout.date,
        source: 'CB',
        amountCents: payout.netCents,
        feesCents: payout.feesCents,
        account: values.account,
        by: values.by,
      });
      await trx('card_payouts').where({ id: row.id }).update({ deposit_id: deposit.depositId });
      return deposit;
    });
    if (!booked) answer.alreadyImported += 1;
    else
      answer.payouts.push({
        id: String(id),
        date: payout.date,
        amount: payout.netCents / 100,
        fees: payout.feesCents / 100,
        pieceRef: booked.pieceRef,
        entryId: booked.entryId,
      });
  }
  return answer;
}

function skipReason(record: SumUpPayoutRecord): string | null {
  if (record.status !== 'SUCCESSFUL') return 'Versement échoué chez SumUp : rien n’a atteint la banque.';
  if (record.currency !== 'EUR') return `Versement en ${record.currency}, pas en euros.`;
  if (record.type !== 'PAYOUT') return 'Retenue de SumUp (remboursement, impayé ou ajustement) : à écrire à la main.';
  return null;
}
