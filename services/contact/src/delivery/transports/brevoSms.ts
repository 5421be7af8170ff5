import { PermanentDeliveryError, type MessageTransport } from './types.ts';

export interface BrevoSmsOptions {
  /** API base, `https://api.brevo.com/v3` (tests: a local fake speaking the same protocol). */
  baseUrl: string;
  apiKey: string;
  /** Alphanumeric sender (3–11 characters) or a phone number. */
  sender: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

// GSM 03.38 default alphabet and its extension table: anything else makes the SMS UCS-2.
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€',
);

/** True when the text fits the GSM 7-bit alphabet (160 characters per SMS instead of 70). */
export const isGsm7 = (text: string): boolean => [...text].every((c) => GSM7.has(c));

/**
 * Transactional SMS through Brevo's documented API: `POST {base}/transactionalSMS/send` with the
 * `api-key` header and `{ sender, recipient, content, type: "transactional", tag, unicodeEnabled }`;
 * Brevo answers 201 `{ messageId }`, or an error `{ code, message }`.
 * A 400 (invalid number or content) is final; 401/402/403 (key, credits, account) are retried so an
 * administrator can fix them without losing receipts; 429, 5xx and network failures are retried.
 */
export function createBrevoSmsTransport(options: BrevoSmsOptions): MessageTransport {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/transactionalSMS/send`;
  return {
    name: 'brevo-sms',
    async send(message) {
      const body = {
        sender: options.sender,
        // Brevo wants the international number with its country code, without « + ».
        recipient: message.to.replace(/^\+/, ''),
        content: message.text,
        type: 'transactional',
        tag: 'recu-kermesse',
        unicodeEnabled: !isGsm7(message.text),
      };
      const response = await doFetch(url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'api-key': options.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const text = await response.text();
      if (response.ok) {
        const data = parse(text) as { messageId?: number | string } | null;
        return { providerMessageId: data?.messageId !== undefined ? String(data.messageId) : undefined };
      }
      const error = parse(text) as { code?: string; message?: string } | null;
      const detail = `Brevo ${response.status}${error?.code ? ` ${error.code}` : ''}: ${error?.message ?? text.slice(0, 200)}`;
      if (response.status === 400) throw new PermanentDeliveryError(detail);
      throw new Error(detail);
    },
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
