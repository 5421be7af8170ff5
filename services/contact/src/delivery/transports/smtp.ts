import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type MessageTransport } from './types.ts';

export interface SmtpTransportOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  url: string;
  /** `"Association" <ne-pas-repondre@exemple.fr>` */
  from: string;
}

/**
 * E-mail through an SMTP server with nodemailer. A 5xx answer to the recipient or to the message
 * is final (PermanentDeliveryError); a refused connection, a timeout, a 4xx or a login failure may
 * heal (server back, password fixed), so the worker retries those.
 */
export function createSmtpTransport(options: SmtpTransportOptions): MessageTransport {
  const transporter = nodemailer.createTransport(options.url, {
    from: options.from,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'kermesse.local';
  return {
    name: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail({
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject ?? '',
          text: message.text,
          html: message.html ?? undefined,
          // Same job, same Message-ID: a resend after a crash shows up as one message in mail clients.
          messageId: `<${message.idempotencyKey}@${domain}>`,
        });
        return { providerMessageId: info.messageId };
      } catch (err) {
        const e = err as { code?: string; responseCode?: number; message?: string };
        const refused = (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && (e.responseCode ?? 0) >= 500;
        if (refused) throw new PermanentDeliveryError(`SMTP ${e.responseCode}: ${e.message}`);
        throw err;
      }
    },
    close() {
      transporter.close();
    },
  };
}
