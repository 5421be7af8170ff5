/**
 * « Importer les commandes HelloAsso » (docs/helloasso.md §3–4): a form's orders and payments read
 * from HelloAsso first, then written in one transaction under the journal lock — each item once
 * (keyed per association by HelloAsso's item id) with its entry (debit 467, credit 7541, 756 or 706),
 * a gift with its donor, a membership with its member; each payout once (debit 512 and any fees,
 * credit 467). Running it again writes nothing; a closed year refuses the whole import.
 */
import type { Knex } from 'knex';
import { recordEvent } from '@kermesse/kit/bus';
import type { Db } from '@kermesse/kit/db';
import type { HelloAssoImportAnswer } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { yearLocked } from '../errors.ts';
import type { HelloAssoOrder, HelloAssoPayment } from '../helloasso/client.ts';
import {
  BANK_ACCOUNT,
  FEES_ACCOUNT,
  HELLOASSO_CLEARING_ACCOUNT,
  HELLOASSO_CREDIT_ACCOUNTS,
  itemKind,
  payoutsOf,
  personName,
} from '../helloasso/mapping.ts';
import { findSameDonor, insertDonation, insertDonor } from '../repositories/donations.ts';
import {
  findPersonByNameAndEmail,
  helloAssoFormEvent,
  insertHelloAssoItem,
  insertHelloAssoPayout,
  linkHelloAssoItem,
  lockUnrefundedHelloAssoItem,
  markHelloAssoItemRefunded,
  membershipTypeNamed,
} from '../repositories/helloasso.ts';
import { appendEntry, journalState, lockJournal, type JournalState } from '../repositories/journal.ts';
import { insertMembership, insertPerson } from '../repositories/memberships.ts';

const LABELS = { donation: 'Don', membership: 'Adhésion', sale: 'Prévente' } as const;

// HelloAsso's type of an event form's ticket (« billet »): one item per person admitted.
const TICKET_TYPES = new Set(['Registration']);

/** The day HelloAsso refunded a payment (its last refund operation), in France; today when it does not say. */
function refundDay(payment: HelloAssoPayment): string {
  const days = (payment.refundOperations ?? []).map((op) => op.meta?.createdAt).filter((at): at is string => Boolean(at));
  return dayInFrance(days.sort().at(-1) ?? new Date().toISOString());
}

/** The ticket's holder as HelloAsso names them (the participant, else the payer). */
const ticketHolder = (user: HelloAssoOrder['payer'], payer: HelloAssoOrder['payer']): string =>
  personName(user?.lastName || user?.firstName ? user : payer).slice(0, 120);

export async function importHelloAsso(
  db: Db,
  form: { formType: string; formSlug: string },
  orders: readonly HelloAssoOrder[],
  payments: readonly HelloAssoPayment[],
  // A notification carries one payment: a payout is booked only from the pull, which sees all of its payments.
  options: { payouts?: boolean } = {},
): Promise<HelloAssoImportAnswer> {
  const counts: HelloAssoImportAnswer = {
    orders: orders.length,
    donations: 0,
    memberships: 0,
    sales: 0,
    skipped: 0,
    alreadyImported: 0,
    payouts: 0,
    tickets: 0,
    refunds: 0,
  };
  const sorted = [...orders].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  await db.transaction(async (trx) => {
    await lockJournal(trx);
    const eventId = await helloAssoFormEvent(trx, form);
    // Numbers run per year, the hash chain over every year: one state per year, its hash brought up to
    // the last entry written, whatever its year.
    const states = new Map<number, JournalState>();
    let lastHash: string | null = null;
    const append = async (draft: Parameters<typeof appendEntry>[1], link: Parameters<typeof appendEntry>[3]) => {
      const year = yearOf(draft.date);
      let state = states.get(year);
      if (!state) {
        state = await journalState(trx, year);
        if (state.yearLocked) throw yearLocked(year);
        states.set(year, state);
      }
      if (lastHash) state.prevHash = lastHash;
      const id = await appendEntry(trx, draft, state, link);
      lastHash = state.prevHash;
      return id;
    };

    for (const order of sorted) {
      const paidOn = dayInFrance(order.date);
      for (const item of order.items ?? []) {
        const { kind, note } = itemKind(item);
        const id = await insertHelloAssoItem(trx, {
          item_id: item.id,
          order_id: order.id,
          form_type: form.formType,
          form_slug: form.formSlug,
          kind,
          name: item.name?.trim() || LABELS[kind === 'skipped' ? 'sale' : kind],
          payer: personName(order.payer),
          amount_cents: item.amount,
          paid_on: paidOn,
          note,
        });
        if (id === null) {
          counts.alreadyImported += 1;
          continue;
        }
        if (kind === 'skipped') {
          counts.skipped += 1;
          continue;
        }
        const pieceRef = `HA-${item.id}`;
        await append(
          {
            journal: kind === 'sale' ? 'VE' : 'OD',
            date: paidOn,
            pieceRef,
            label: `${LABELS[kind]} HelloAsso ${pieceRef}`,
            eventId: null,
            source: `helloasso:item:${item.id}`,
            lines: [
              { account: HELLOASSO_CLEARING_ACCOUNT, debitCents: item.amount, creditCents: 0 },
              { account: HELLOASSO_CREDIT_ACCOUNTS[kind], debitCents: 0, creditCents: item.amount },
            ],
          },
          { table: 'helloasso_items', key: 'id', id },
        );
        if (kind === 'donation') {
          await recordGift(trx, id, item.id, paidOn, item.amount, order);
          counts.donations += 1;
        } else if (kind === 'membership') {
          await recordMembership(trx, id, item, paidOn, order, form.formSlug);
          counts.memberships += 1;
        } else {
          counts.sales += 1;
          // An event ticket of a form linked to a fair: a pre-sold ticket at its gate, announced in the
          // same transaction as its entry (outbox), so neither exists without the other.
          if (eventId !== null && TICKET_TYPES.has(item.type)) {
            await recordEvent(trx, 'accounting', 'helloasso.ticket.sold', {
              itemId: item.id,
              orderId: order.id,
              eventId,
              holder: ticketHolder(item.user, order.payer),
              label: (item.name?.trim() || 'Billet HelloAsso').slice(0, 120),
              quantity: 1,
            });
            counts.tickets += 1;
          }
        }
      }
    }

    // Refunds made on HelloAsso after the import: each refunded item reversed once, by its own entry.
    for (const payment of payments) {
      if (payment.state !== 'Refunded') continue;
      const refundedOn = refundDay(payment);
      for (const share of payment.items ?? []) {
        const item = await lockUnrefundedHelloAssoItem(trx, share.id);
        if (!item) continue;
        await markHelloAssoItemRefunded(trx, item.id, refundedOn);
        counts.refunds += 1;
        if (item.kind === 'sale') {
          // Its pre-sold ticket, if the gate has one, no longer lets anyone in.
          await recordEvent(trx, 'accounting', 'helloasso.ticket.refunded', { itemId: share.id, refundedOn });
        }
        if (item.kind === 'skipped' || item.entry_id === null) continue;
        const pieceRef = `HAR-${share.id}`;
        await append(
          {
            journal: item.kind === 'sale' ? 'VE' : 'OD',
            date: refundedOn,
            pieceRef,
            label: `Remboursement HelloAsso ${pieceRef}`,
            eventId: null,
            source: `helloasso:refund:${share.id}`,
            lines: [
              { account: HELLOASSO_CREDIT_ACCOUNTS[item.kind], debitCents: item.amount_cents, creditCents: 0 },
              { account: HELLOASSO_CLEARING_ACCOUNT, debitCents: 0, creditCents: item.amount_cents },
            ],
          },
          { table: 'helloasso_items', key: 'id', id: item.id, column: 'refund_entry_id' },
        );
      }
    }

    for (const payout of options.payouts === false ? [] : payoutsOf(payments)) {
      const id = await insertHelloAssoPayout(trx, {
        cash_out_id: payout.cashOutId,
        paid_on: payout.paidOn,
        gross_cents: payout.grossCents,
        net_cents: payout.netCents,
        fees_cents: payout.feesCents,
        payments: payout.payments,
      });
      if (id === null) continue;
      const pieceRef = `HAV-${payout.cashOutId}`;
      await append(
        {
          journal: 'OD',
          date: payout.paidOn,
          pieceRef,
          label: `Versement HelloAsso ${pieceRef}`,
          eventId: null,
          source: `helloasso:payout:${payout.cashOutId}`,
          lines: [
            { account: BANK_ACCOUNT, debitCents: payout.netCents, creditCents: 0 },
            ...(payout.feesCents > 0 ? [{ account: FEES_ACCOUNT, debitCents: payout.feesCents, creditCents: 0 }] : []),
            { account: HELLOASSO_CLEARING_ACCOUNT, debitCents: 0, creditCents: payout.grossCents },
          ],
        },
        { table: 'helloasso_payouts', key: 'id', id },
      );
      counts.payouts += 1;
    }
  });
  return counts;
}

/** The gift for tax receipts (docs/tax-receipts.md §2): its donor found again or added from the payer. */
async function recordGift(trx: Knex.Transaction, rowId: number, itemId: number, paidOn: string, cents: number, order: HelloAssoOrder) {
  const payer = order.payer ?? {};
  const company = payer.company?.trim();
  const donor = {
    kind: company ? ('company' as const) : ('individual' as const),
    name: company || payer.lastName?.trim() || 'Donateur HelloAsso',
    first_name: company ? null : payer.firstName?.trim() || null,
    address: payer.address?.trim() ?? '',
    postal_code: payer.zipCode?.trim() ?? '',
    city: payer.city?.trim() ?? '',
    email: payer.email?.trim() || null,
    siren: null,
  };
  const donorId = (await findSameDonor(trx, donor)) ?? (await insertDonor(trx, donor));
  const donationId = await insertDonation(trx, {
    source: `helloasso:${itemId}`,
    origin: 'helloasso',
    donation_date: paidOn,
    amount_cents: cents,
    method: 'CB',
    counterpart_cents: 0,
    counterpart_label: null,
    donor_id: donorId,
  });
  if (donationId === null) return;
  // The gift's entry is the item's: a receipt reads the gift, the books read the entry once.
  await trx('donations')
    .where({ id: donationId })
    .update({ entry_id: trx('helloasso_items').where({ id: rowId }).select('entry_id') });
  await linkHelloAssoItem(trx, rowId, { donation_id: donationId });
}

/** The member (found again by name and e-mail, or added with the consent HelloAsso's form collected) and their membership. */
async function recordMembership(
  trx: Knex.Transaction,
  rowId: number,
  item: { id: number; name?: string; amount: number; user?: HelloAssoOrder['payer'] },
  paidOn: string,
  order: HelloAssoOrder,
  formSlug: string,
) {
  const who = item.user?.lastName ? { ...order.payer, ...item.user } : (order.payer ?? {});
  const sameAsPayer = who.lastName === order.payer?.lastName && who.firstName === order.payer?.firstName;
  const person = {
    last_name: who.lastName?.trim() || 'Adhérent HelloAsso',
    first_name: who.firstName?.trim() || '',
    email: (sameAsPayer ? order.payer?.email?.trim() : who.email?.trim()) || null,
  };
  const year = yearOf(paidOn);
  const personId =
    (await findPersonByNameAndEmail(trx, person)) ??
    (await insertPerson(trx, {
      ...person,
      phone: null,
      address: (sameAsPayer ? order.payer?.address?.trim() : '') ?? '',
      postal_code: (sameAsPayer ? order.payer?.zipCode?.trim() : '') ?? '',
      city: (sameAsPayer ? order.payer?.city?.trim() : '') ?? '',
      consent_at: new Date(order.date),
      consent_text: `Adhésion prise sur HelloAsso (formulaire « ${formSlug} ») : l'adhérent y a accepté que l'association conserve ses coordonnées.`,
    }));
  const typeId = await membershipTypeNamed(trx, year, item.name?.trim() || 'Adhésion HelloAsso');
  const membershipId = await insertMembership(trx, {
    source: `helloasso:${item.id}`,
    person_id: personId,
    type_id: typeId,
    year,
    amount_cents: item.amount,
    method: 'CB',
    paid_on: paidOn,
    children: [],
  });
  if (membershipId === null) {
    await linkHelloAssoItem(trx, rowId, { note: `Déjà adhérent·e en ${year} : le montant est compté en cotisation` });
    return;
  }
  await trx('memberships')
    .where({ id: membershipId })
    .update({ entry_id: trx('helloasso_items').where({ id: rowId }).select('entry_id') });
  await linkHelloAssoItem(trx, rowId, { membership_id: membershipId });
}
