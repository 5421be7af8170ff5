import { AccountLinkBody, AccountLinkAnswer } from '@kermesse/contracts-contact';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { escapeHtml } from '@kermesse/contracts-common';
import { queueAccountLink } from '../../commands/queueAccountLink.ts';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/**
 * `POST /internal/account-links` (identity only; `/internal` is never behind the gateway): e-mails a
 * one-time link to set or reset a password. Without SMTP nothing is queued — a link must not end up
 * in a log — and identity lets the admin hand it over.
 */
export function accountLinkRoutes(options: { db: Db; mailConfigured: boolean; onQueued?(): void }): Router {
  const router = new Router();
  defineRoute(router, {
    method: 'post',
    path: '/internal/account-links',
    summary: 'Envoyer un lien de compte par e-mail',
    responses: { 200: AccountLinkAnswer },
    body: AccountLinkBody,
    handler: async ({ body }): Promise<AccountLinkAnswer> => {
      if (!options.mailConfigured) return { emailed: false };
      const subject =
        body.purpose === 'setup' ? 'Votre compte Kermesse : choisissez votre mot de passe' : 'Kermesse : nouveau mot de passe';
      const until = dateTime.format(new Date(body.expiresAt));
      const intro =
        body.purpose === 'setup'
          ? "Un compte a été créé pour vous sur l'outil des bénévoles de l'association."
          : 'Un administrateur a demandé la réinitialisation de votre mot de passe.';
      const text = [
        `Bonjour ${body.firstname},`,
        '',
        intro,
        'Choisissez votre mot de passe en ouvrant ce lien :',
        body.url,
        '',
        `Il ne sert qu'une fois et reste valable jusqu'au ${until}.`,
        '',
      ].join('\n');
      const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827">
<p>Bonjour ${escapeHtml(body.firstname)},</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(body.url)}">Choisir mon mot de passe</a></p>
<p style="color:#6b7280;font-size:12px">Ce lien ne sert qu'une fois et reste valable jusqu'au ${escapeHtml(until)}.</p>
</body></html>
`;
      await queueAccountLink(options.db, { recipient: body.email, subject, bodyText: text, bodyHtml: html });
      options.onQueued?.();
      return { emailed: true };
    },
  });
  return router;
}
