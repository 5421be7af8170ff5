import type { Logger } from '@kermesse/kit/http';
import { maskRecipient } from '../recipients.ts';
import type { MessageTransport } from './types.ts';

/**
 * Demo transport, used when SMTP or the SMS provider is not configured: writes the message to the
 * service log (recipient masked) and reports it delivered.
 */
export function createLogTransport(logger: Logger, channel: 'email' | 'sms'): MessageTransport {
  return {
    name: 'log',
    async send(message) {
      logger.info(`${channel === 'email' ? 'e-mail' : 'SMS'} not sent (demo log transport)`, {
        to: maskRecipient(message.to),
        subject: message.subject ?? undefined,
        text: message.text,
      });
      return {};
    },
  };
}
