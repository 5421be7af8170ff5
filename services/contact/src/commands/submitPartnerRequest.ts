import type { Db } from '@kermesse/kit/db';
import { escapeHtml } from '@kermesse/contracts-common';
import { enqueueDelivery } from '../repositories/deliveries.ts';
import { insertPartnerRequest, type PartnerRequestRow } from '../repositories/partnerRequests.ts';
import { donationTypeLabel, type PartnerRequestBody } from '@kermesse/contracts-contact';

export interface PartnerSettings {
  /**
   * The association's mailbox, where requests are forwarded; null on a host, where the install's
   * ASSOCIATION_EMAIL is the host's, not the association's: requests then wait in the admins' inbox.
   */
  associationEmail: string | null;
}

/**
 * Stores a partner request and queues its forwarding to the association's mailbox (reply-to: the
 * partner) in one transaction; the delivery worker sends it, retrying while SMTP is down.
 */
export async function submitPartnerRequest(db: Db, body: PartnerRequestBody, settings: PartnerSettings): Promise<PartnerRequestRow> {
  return db.transaction(async (trx) => {
    const request = await insertPartnerRequest(trx, body);
    if (settings.associationEmail === null) return request;
    const mail = renderPartnerMail(request);
    await enqueueDelivery(trx, {
      kind: 'partner',
      partnerRequestId: request.id,
      channel: 'email',
      recipient: settings.associationEmail,
      replyTo: request.email,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html,
    });
    return request;
  });
}

/** The e-mail the association receives for one request. */
export function renderPartnerMail(request: PartnerRequestRow): { subject: string; text: string; html: string } {
  const fields: [string, string | null][] = [
    ['Entreprise', request.entreprise],
    ['Contact', request.contact],
    ['E-mail', request.email],
    ['Téléphone', request.telephone],
    ['Code postal', request.code_postal],
    ['Ville', request.ville],
    ['Site web', request.siteweb],
    ['Type de don', request.type_don ? donationTypeLabel(request.type_don) : null],
  ];
  const filled = fields.filter((f): f is [string, string] => Boolean(f[1]));
  const subject = `Nouvelle demande de partenariat : ${request.entreprise}`;
  const text = [
    'Nouvelle demande reçue par le formulaire « Devenez partenaire solidaire ».',
    '',
    ...filled.map(([label, value]) => `${label} : ${value}`),
    '',
    'Message :',
    request.message || '(aucun message)',
    '',
    'Répondez directement à ce courriel pour écrire au partenaire.',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827">
<p>Nouvelle demande reçue par le formulaire « Devenez partenaire solidaire ».</p>
<table cellpadding="4" cellspacing="0" style="border-collapse:collapse;font-size:14px">
${filled.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<h2 style="font-size:15px">Message</h2>
<p style="white-space:pre-wrap">${escapeHtml(request.message || '(aucun message)')}</p>
<p style="color:#6b7280;font-size:12px">Répondez directement à ce courriel pour écrire au partenaire.</p>
</body></html>
`;
  return { subject, text, html };
}
