/** What the delivery worker hands to a transport: one message to one recipient. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** An e-mail address, or a phone number in E.164 (`+33612345678`). */
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /** Stable id of the job, so a provider or a mail client can spot a repeated send. */
  idempotencyKey: string;
}

export interface SendResult {
  /** The provider's id for the accepted message, when it gives one. */
  providerMessageId?: string;
}

/**
 * One way of sending a message (SMTP, the SMS provider, the demo log). `send` resolves only once
 * the provider has accepted the message; it rejects with PermanentDeliveryError when retrying
 * cannot help (address refused), with any other error when it may work later.
 */
export interface MessageTransport {
  readonly name: string;
  send(message: OutgoingMessage): Promise<SendResult>;
  close?(): Promise<void> | void;
}

/** The provider refused this message for good: the worker stops retrying it. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}
