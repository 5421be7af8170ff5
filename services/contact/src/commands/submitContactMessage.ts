import type { ContactMessageBody } from '@kermesse/contracts-contact';
import type { Db } from '@kermesse/kit/db';
import { escapeHtml } from '@kermesse/contracts-common';
import { insertContactMessage, type ContactMessageRow } from '../repositories/contactMessages.ts';
import { enqueueDelivery } from '../repositories/deliveries.ts';

/**
 * Stores a message of the public contact form and queues it to the association's mailbox
 * (reply-to: the sender) in one transaction; without SMTP the worker writes it to the log and the
 * admins read it in their inbox.
 */
export async function submitContactMessage(
  db: Db,
  body: ContactMessageBody,
  settings: { associationEmail: string | null },
): Promise<ContactMessageRow> {
  return db.transaction(async (trx) => {
    const row = await insertContactMessage(trx, body);
    const subject = `Message du site : ${row.subject}`;
    const text = [
      `Message reçu par le formulaire de contact, de ${row.email} :`,
      '',
      row.message,
      '',
      'Répondez directement à ce courriel pour lui écrire.',
      '',
    ].join('\n');
    const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827">
<p>Message reçu par le formulaire de contact, de ${escapeHtml(row.email)} :</p>
<p style="white-space:pre-wrap">${escapeHtml(row.message)}</p>
<p style="color:#6b7280;font-size:12px">Répondez directement à ce courriel pour lui écrire.</p>
</body></html>
`;
    // No mailbox (on a host): the message waits in the admins' inbox only.
    if (settings.associationEmail === null) return row;
    await enqueueDelivery(trx, {
      kind: 'contact',
      contactMessageId: row.id,
      channel: 'email',
      recipient: settings.associationEmail,
      replyTo: row.email,
      subject,
      bodyText: text,
      bodyHtml: html,
    });
    return row;
  });
}
