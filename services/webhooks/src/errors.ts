/** The webhooks service's business errors: the contract's code and French message on a kit HttpError. */
import { badRequest, HttpError, notFound } from '@kermesse/kit/http';
import { WEBHOOK_ERRORS, type WebhookErrorCode } from '@kermesse/contracts-webhooks';

const make = (factory: (message: string) => HttpError) => (code: WebhookErrorCode, details?: Record<string, unknown>) =>
  factory(WEBHOOK_ERRORS[code]).withCode(code, details);

export const webhookNotFound = (code: 'ENDPOINT_NOT_FOUND' | 'DELIVERY_NOT_FOUND') => make(notFound)(code);
export const webhookBadRequest = make(badRequest);
