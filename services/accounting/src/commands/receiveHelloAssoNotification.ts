/**
 * A call of HelloAsso on the association's notification URL (docs/helloasso.md §5): an order is written
 * through the same import as « Importer les commandes HelloAsso », so each of its items is booked once
 * however often HelloAsso sends it, and so is a refunded payment (each refunded item reversed once);
 * every call is kept once under its key, for the treasurer to look back at. Any other payment is left
 * to the pull, which reads the form's payments with their payouts.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import { HttpError } from '@kermesse/kit/http';
import type { HelloAssoNotificationAnswer, HelloAssoNotificationBody } from '@kermesse/contracts-accounting';
import { helloAssoNotificationInvalid } from '../errors.ts';
import type { HelloAssoOrder, HelloAssoPayment } from '../helloasso/client.ts';
import { recordHelloAssoNotification, rememberHelloAssoForm, setHelloAssoNotificationOutcome } from '../repositories/helloasso.ts';
import { importHelloAsso } from './importHelloAsso.ts';

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The order HelloAsso sent, checked for what the import reads; a French reason when something is missing. */
function orderOf(data: Record<string, unknown>): HelloAssoOrder {
  if (!isId(data.id)) throw helloAssoNotificationInvalid("la commande n'a pas d'identifiant");
  if (!isText(data.date) || Number.isNaN(Date.parse(data.date))) throw helloAssoNotificationInvalid("la commande n'a pas de date");
  if (!isText(data.formType) || !isText(data.formSlug)) throw helloAssoNotificationInvalid('la commande ne nomme pas son formulaire');
  const items = data.items ?? [];
  if (!Array.isArray(items)) throw helloAssoNotificationInvalid('les articles de la commande ne sont pas une liste');
  for (const item of items as Array<Record<string, unknown>>) {
    if (!item || !isId(item.id) || !Number.isSafeInteger(item.amount) || !isText(item.type))
      throw helloAssoNotificationInvalid('un article de la commande est incomplet (identifiant, montant en centimes, type)');
  }
  return data as unknown as HelloAssoOrder;
}

/** The form a payment belongs to (`order.formType`, `order.formSlug`), when HelloAsso names it. */
function paymentForm(data: Record<string, unknown>): { formType: string; formSlug: string } | null {
  const order = data.order as Record<string, unknown> | undefined;
  return order && isText(order.formType) && isText(order.formSlug) ? { formType: order.formType, formSlug: order.formSlug } : null;
}

export async function receiveHelloAssoNotification(db: Db, body: HelloAssoNotificationBody): Promise<HelloAssoNotificationAnswer> {
  const data = body.data as Record<string, unknown>;
  if (body.eventType === 'Order') {
    const order = orderOf(data);
    const form = { formType: order.formType!, formSlug: order.formSlug! };
    const key = `Order:${order.id}`;
    const first = await recordHelloAssoNotification(db, {
      event_type: 'Order',
      notification_key: key,
      form_type: form.formType,
      form_slug: form.formSlug,
    });
    await rememberHelloAssoForm(db, form);
    try {
      // Applied even when the key was seen before: the items are keyed, so a call HelloAsso repeats
      // because our first answer was lost writes nothing twice, and one whose first try failed is written now.
      const answer = await importHelloAsso(db, form, [order], []);
      const items = order.items?.length ?? 0;
      const outcome = items > 0 && answer.alreadyImported === items ? 'duplicate' : 'applied';
      // The first call's outcome stays what the treasurer reads; a repeat only fills it in if it was lost.
      if (first !== null || outcome === 'applied') await setHelloAssoNotificationOutcome(db, key, outcome);
      return { received: true, outcome };
    } catch (err) {
      // A closed year (or anything the treasurer must settle) is kept with the call and left to them:
      // HelloAsso is answered 200, since sending it again would not change the answer.
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      await setHelloAssoNotificationOutcome(db, key, `refused: ${err.message}`);
      return { received: true, outcome: 'deferred' };
    }
  }
  if (body.eventType === 'Payment') {
    if (!isId(data.id)) throw helloAssoNotificationInvalid("le paiement n'a pas d'identifiant");
    const form = paymentForm(data);
    const state = isText(data.state) ? data.state : 'Unknown';
    const key = `Payment:${data.id}:${state}`;
    const first = await recordHelloAssoNotification(db, {
      event_type: 'Payment',
      notification_key: key,
      form_type: form?.formType ?? null,
      form_slug: form?.formSlug ?? null,
    });
    if (form) await rememberHelloAssoForm(db, form);
    if (state === 'Refunded') {
      const items = data.items ?? [];
      if (!Array.isArray(items) || items.some((item: Record<string, unknown> | null) => !item || !isId(item.id)))
        throw helloAssoNotificationInvalid('les articles du paiement remboursé sont incomplets (identifiant)');
      try {
        // The same import as the pull's, without payouts: refunds are keyed by item, so twice is once.
        const answer = await importHelloAsso(db, form ?? { formType: '', formSlug: '' }, [], [data as unknown as HelloAssoPayment], {
          payouts: false,
        });
        const outcome = answer.refunds > 0 ? 'applied' : 'duplicate';
        if (first !== null || outcome === 'applied') await setHelloAssoNotificationOutcome(db, key, outcome);
        return { received: true, outcome };
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        await setHelloAssoNotificationOutcome(db, key, `refused: ${err.message}`);
        return { received: true, outcome: 'deferred' };
      }
    }
    if (first === null) return { received: true, outcome: 'duplicate' };
    // Its payout is booked by the pull, which sees every payment of the cash-out at once.
    await setHelloAssoNotificationOutcome(db, key, 'deferred');
    return { received: true, outcome: 'deferred' };
  }
  // Form and Organization changes have nothing to book; kept once, to show HelloAsso reaches us.
  const digest = createHash('sha256').update(JSON.stringify(body.data)).digest('hex').slice(0, 32);
  const key = `${body.eventType}:${digest}`;
  const first = await recordHelloAssoNotification(db, {
    event_type: body.eventType,
    notification_key: key,
    form_type: null,
    form_slug: null,
  });
  if (first !== null) await setHelloAssoNotificationOutcome(db, key, 'ignored');
  return { received: true, outcome: first === null ? 'duplicate' : 'ignored' };
}
