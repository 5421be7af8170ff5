/**
 * Reading a HelloAsso form and writing what is new (docs/helloasso.md §3): on demand from the screen,
 * and each night for every form an association imported before, so an order paid after the last
 * import reaches the books without anyone asking.
 */
import type { Db } from '@kermesse/kit/db';
import { isSealed, type SecretBox } from '@kermesse/kit/secrets';
import type { HelloAssoImportAnswer } from '@kermesse/contracts-accounting';
import { importHelloAsso } from '../commands/importHelloAsso.ts';
import {
  linkHelloAssoFormEvent,
  listHelloAssoForms,
  readHelloAssoSettings,
  recordHelloAssoForm,
  recordHelloAssoFormError,
} from '../repositories/helloasso.ts';
import { createHelloAssoClient, HelloAssoError, type HelloAssoTokenCache } from './client.ts';

export interface HelloAssoAccess {
  baseUrl: string;
  secrets: SecretBox | undefined;
  cache: HelloAssoTokenCache;
}

/** Thrown when the association has no HelloAsso account (or no secret) yet. */
export class HelloAssoNotConfigured extends Error {}

/** Reads a form's orders and payments from HelloAsso, then writes what is new; the form is remembered. */
export async function pullHelloAssoForm(
  db: Db,
  access: HelloAssoAccess,
  form: { formType: string; formSlug: string; eventId?: number },
): Promise<HelloAssoImportAnswer> {
  const settings = await readHelloAssoSettings(db);
  if (!settings?.client_secret) throw new HelloAssoNotConfigured();
  const stored = settings.client_secret;
  const clientSecret = isSealed(stored) && access.secrets ? access.secrets.open(stored) : stored;
  const client = createHelloAssoClient({
    baseUrl: access.baseUrl,
    cache: access.cache,
    credentials: { organizationSlug: settings.organization_slug, clientId: settings.client_id, clientSecret },
  });
  // Read from HelloAsso first: no transaction stays open while an outside service answers.
  const [orders, payments] = await Promise.all([
    client.formOrders(form.formType, form.formSlug),
    client.formPayments(form.formType, form.formSlug),
  ]);
  // Linked before the import, so the tickets of this very import go to the gate.
  if (form.eventId) await linkHelloAssoFormEvent(db, form, form.eventId);
  const answer = await importHelloAsso(db, form, orders, payments);
  await recordHelloAssoForm(db, form);
  return answer;
}

/** Hours of the night in France when the pull runs (HelloAsso and the association both quiet). */
const NIGHT = { from: 2, to: 6 };
// A form read less than this long ago (by hand or by the previous run) is left alone.
const FRESH_MS = 12 * 3_600_000;
const parisHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' });

/**
 * The nightly pull of the current association (the kit runs a job in each): between 2 and 6 in the
 * morning in France, every form imported before and not read for twelve hours is read again. A form
 * HelloAsso refuses keeps the reason for the screen; the others go on.
 */
export async function pullHelloAssoForms(db: Db, access: HelloAssoAccess, now = new Date()): Promise<number> {
  const hour = Number(parisHour.format(now));
  if (hour < NIGHT.from || hour >= NIGHT.to) return 0;
  let pulled = 0;
  for (const row of await listHelloAssoForms(db)) {
    if (row.last_pulled_at && now.getTime() - new Date(row.last_pulled_at).getTime() < FRESH_MS) continue;
    const form = { formType: row.form_type, formSlug: row.form_slug };
    try {
      await pullHelloAssoForm(db, access, form);
      pulled += 1;
    } catch (err) {
      if (err instanceof HelloAssoNotConfigured) return pulled;
      if (!(err instanceof HelloAssoError)) throw err;
      await recordHelloAssoFormError(db, form, err.reason);
    }
  }
  return pulled;
}
