import type { Db } from '@kermesse/kit/db';
import type { CreatedEndpointAnswer, NewEndpointBody } from '@kermesse/contracts-webhooks';
import type { EndpointSecrets } from '../delivery/endpointSecrets.ts';
import { newSigningSecret } from '../delivery/signing.ts';
import { webhookBadRequest } from '../errors.ts';
import { presentEndpoint } from '../presenters/index.ts';
import { insertEndpoint } from '../repositories/endpoints.ts';

/** An absolute http(s) address with a host; the text as the admin typed it, trimmed. */
export function checkEndpointUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw webhookBadRequest('INVALID_URL', { field: 'url' });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) throw webhookBadRequest('INVALID_URL', { field: 'url' });
  return text;
}

/** Registers an endpoint with a new signing secret, sealed at rest; answers the secret this once. */
export async function createEndpoint(
  db: Db,
  secrets: EndpointSecrets,
  body: NewEndpointBody,
  createdBy: string | null,
): Promise<CreatedEndpointAnswer> {
  const url = checkEndpointUrl(body.url);
  if (!body.eventTypes.length) throw webhookBadRequest('NO_EVENT_TYPE', { field: 'eventTypes' });
  const secret = newSigningSecret();
  const row = await insertEndpoint(db, {
    url,
    description: body.description?.trim() || null,
    eventTypes: body.eventTypes,
    secret: secrets.seal(secret),
    createdBy,
  });
  return { ...presentEndpoint({ ...row, pending: 0, sent: 0, failed: 0 }), secret };
}
