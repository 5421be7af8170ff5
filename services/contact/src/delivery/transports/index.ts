import type { Logger } from '@kermesse/kit/http';
import type { Channel } from '../../repositories/deliveries.ts';
import { createBrevoSmsTransport } from './brevoSms.ts';
import { createLogTransport } from './log.ts';
import { createSmtpTransport } from './smtp.ts';
import type { MessageTransport } from './types.ts';

export interface TransportSettings {
  smtpUrl: string | null;
  mailFrom: string;
  smsProviderUrl: string;
  smsApiKey: string | null;
  smsSender: string;
}

/**
 * The transport of each channel: SMTP when SMTP_URL is set, Brevo SMS when SMS_API_KEY is set,
 * otherwise the demo log transport — said loudly at boot, since nothing then leaves the machine.
 */
export function createTransports(settings: TransportSettings, logger: Logger): Record<Channel, MessageTransport> {
  const email = settings.smtpUrl
    ? createSmtpTransport({ url: settings.smtpUrl, from: settings.mailFrom })
    : createLogTransport(logger, 'email');
  const sms = settings.smsApiKey
    ? createBrevoSmsTransport({ baseUrl: settings.smsProviderUrl, apiKey: settings.smsApiKey, sender: settings.smsSender })
    : createLogTransport(logger, 'sms');
  if (email.name === 'log') {
    logger.warn(
      'DEMO: SMTP_URL is not set — e-mails (receipts, partner requests) are NOT sent, they are written to this log and marked delivered. / Démo : les e-mails ne partent pas, ils sont écrits dans ce journal.',
    );
  } else {
    logger.info('e-mails go through SMTP', { host: new URL(settings.smtpUrl!).host });
  }
  if (sms.name === 'log') {
    logger.warn(
      'DEMO: SMS_API_KEY is not set — SMS receipts are NOT sent, they are written to this log and marked delivered. / Démo : les SMS ne partent pas, ils sont écrits dans ce journal.',
    );
  } else {
    logger.info('SMS go through Brevo', { url: settings.smsProviderUrl, sender: settings.smsSender });
  }
  return { email, sms };
}
