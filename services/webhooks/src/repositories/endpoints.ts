import type { Db, Trx } from '@kermesse/kit/db';
import type { WebhookEventType } from '@kermesse/contracts-webhooks';

export interface EndpointRow {
  id: number;
  url: string;
  description: string | null;
  event_types: WebhookEventType[];
  /** As stored: sealed when the process has a secret key. */
  secret: string;
  created_by: string | null;
  created_at: Date;
}

export interface EndpointWithCounts extends EndpointRow {
  pending: number;
  sent: number;
  failed: number;
}

export async function insertEndpoint(
  db: Db,
  endpoint: { url: string; description: string | null; eventTypes: WebhookEventType[]; secret: string; createdBy: string | null },
): Promise<EndpointRow> {
  const [row] = await db('endpoints')
    .insert({
      url: endpoint.url,
      description: endpoint.description,
      event_types: endpoint.eventTypes,
      secret: endpoint.secret,
      created_by: endpoint.createdBy,
    })
    .returning('*');
  return row as EndpointRow;
}

/** Every endpoint with how many of its deliveries wait, went out, failed; the newest first. */
export async function listEndpoints(db: Db | Trx, id?: number): Promise<EndpointWithCounts[]> {
  const query = db('endpoints as e')
    .leftJoin('deliveries as d', 'd.endpoint_id', 'e.id')
    .groupBy('e.id')
    .orderBy('e.id', 'desc')
    .select(
      'e.*',
      db.raw("count(d.id) filter (where d.status = 'pending')::int as pending"),
      db.raw("count(d.id) filter (where d.status = 'sent')::int as sent"),
      db.raw("count(d.id) filter (where d.status = 'failed')::int as failed"),
    );
  if (id !== undefined) void query.where('e.id', id);
  return (await query) as EndpointWithCounts[];
}

/** Deletes an endpoint and its log; answers whether it existed. */
export async function deleteEndpoint(db: Db, id: number): Promise<boolean> {
  return (await db('endpoints').where({ id }).delete()) > 0;
}

/**
 * The endpoints that asked for this event type and existed when it happened: an endpoint added later
 * does not receive the history the consumer may still be catching up on.
 */
export async function endpointsFor(trx: Trx, type: string, occurredAt: string): Promise<Array<Pick<EndpointRow, 'id'>>> {
  return trx('endpoints').select('id').whereRaw('? = any(event_types)', [type]).andWhere('created_at', '<=', occurredAt);
}
