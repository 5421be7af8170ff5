/** Contact's known errors: the contract's code and French message on a kit HttpError. */
import { contactMessage } from '@kermesse/contracts-contact';
import { badRequest, notFound, tooManyRequests } from '@kermesse/kit/http';

export const fieldEmpty = (field: string) => badRequest(contactMessage('FIELD_EMPTY', { field })).withCode('FIELD_EMPTY', { field });
export const tooManyPartnerRequests = (retryAfterSeconds: number) =>
  tooManyRequests(contactMessage('TOO_MANY_PARTNER_REQUESTS'), retryAfterSeconds).withCode('TOO_MANY_PARTNER_REQUESTS');
export const tooManyContactMessages = (retryAfterSeconds: number) =>
  tooManyRequests(contactMessage('TOO_MANY_CONTACT_MESSAGES'), retryAfterSeconds).withCode('TOO_MANY_CONTACT_MESSAGES');
export const inboxItemNotFound = () => notFound(contactMessage('INBOX_ITEM_NOT_FOUND')).withCode('INBOX_ITEM_NOT_FOUND');
