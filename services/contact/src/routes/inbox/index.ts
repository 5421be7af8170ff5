import { donationTypeLabel, InboxAnswer, InboxParams, InboxUpdateBody, SuccessAnswer, type InboxItem } from '@kermesse/contracts-contact';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { inboxItemNotFound } from '../../errors.ts';
import { listContactMessages, setInboxStatus } from '../../repositories/contactMessages.ts';
import { listPartnerRequests } from '../../repositories/partnerRequests.ts';

const ADMIN = ['admin'] as const;

/**
 * The admins' inbox: partner requests and contact messages, newest first, each new or handled
 * (`GET /api/admin/contact/inbox`, `PUT /api/admin/contact/inbox/{kind}/{id} {status}`).
 */
export function inboxRoutes(options: { db: Db }): Router {
  const { db } = options;
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/contact/inbox',
    summary: "Lire la boîte de réception de l'association",
    deprecated: 'Liste { items } sans son total.',
    responses: { 200: InboxAnswer },
    roles: ADMIN,
    handler: async (): Promise<{ items: InboxItem[] }> => {
      const [partners, messages] = await Promise.all([listPartnerRequests(db), listContactMessages(db)]);
      const items: InboxItem[] = [
        ...partners.map((p): InboxItem => ({
          kind: 'partner',
          id: p.id,
          status: p.status ?? 'new',
          email: p.email,
          title: p.entreprise,
          author: p.contact,
          message: p.message,
          details: Object.fromEntries(
            Object.entries({
              Téléphone: p.telephone,
              'Code postal': p.code_postal,
              Ville: p.ville,
              'Site web': p.siteweb,
              'Type de don': p.type_don ? donationTypeLabel(p.type_don) : null,
            }).filter((entry): entry is [string, string] => Boolean(entry[1])),
          ),
          createdAt: new Date(p.created_at).toISOString(),
        })),
        ...messages.map((m): InboxItem => ({
          kind: 'contact',
          id: m.id,
          status: m.status,
          email: m.email,
          title: m.subject,
          author: '',
          message: m.message,
          details: {},
          createdAt: new Date(m.created_at).toISOString(),
        })),
      ];
      items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { items };
    },
  });

  defineRoute(router, {
    method: 'put',
    path: '/api/admin/contact/inbox/:kind/:id',
    summary: 'Marquer un message comme traité',
    responses: { 200: SuccessAnswer },
    roles: ADMIN,
    params: InboxParams,
    body: InboxUpdateBody,
    handler: async ({ params, body }) => {
      const table = params.kind === 'partner' ? 'partner_requests' : 'contact_messages';
      if (!(await setInboxStatus(db, table, params.id, body.status))) throw inboxItemNotFound();
      return { success: true };
    },
  });

  return router;
}
