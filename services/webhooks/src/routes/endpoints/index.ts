import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  CreatedEndpointAnswer,
  DeliveriesQuery,
  DeliveryAnswer,
  DeliveryListAnswer,
  EndpointListAnswer,
  IdParams,
  NewEndpointBody,
} from '@kermesse/contracts-webhooks';
import { createEndpoint } from '../../commands/createEndpoint.ts';
import type { EndpointSecrets } from '../../delivery/endpointSecrets.ts';
import { webhookNotFound } from '../../errors.ts';
import { presentDelivery, presentEndpoint } from '../../presenters/index.ts';
import { listDeliveries, requeueDelivery } from '../../repositories/deliveries.ts';
import { deleteEndpoint, listEndpoints } from '../../repositories/endpoints.ts';

const ADMIN = ['admin'] as const;

export interface EndpointRouteDeps {
  db: Db;
  secrets: EndpointSecrets;
  /** Wakes the worker after « Renvoyer ». */
  onQueued?(): void;
}

/** The admins' endpoints, their delivery log and « Renvoyer » (docs/webhooks.md). */
export function endpointRoutes({ db, secrets, onQueued }: EndpointRouteDeps): Router {
  const router = new Router({ prefix: '/api/admin' });

  defineRoute(router, {
    method: 'get',
    path: '/webhooks',
    summary: 'Lister les webhooks',
    roles: ADMIN,
    responses: { 200: EndpointListAnswer },
    handler: async () => {
      const items = (await listEndpoints(db)).map(presentEndpoint);
      return { items, total: items.length };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/webhooks',
    summary: 'Enregistrer un webhook',
    roles: ADMIN,
    body: NewEndpointBody,
    status: 201,
    responses: { 201: CreatedEndpointAnswer },
    errors: { 400: ['INVALID_URL', 'NO_EVENT_TYPE'] },
    handler: ({ body, user }) => createEndpoint(db, secrets, body, user.email),
  });

  defineRoute(router, {
    method: 'delete',
    path: '/webhooks/:id',
    summary: 'Supprimer un webhook',
    roles: ADMIN,
    params: IdParams,
    description: 'Répond 204 sans contenu.',
    status: 204,
    responses: {},
    errors: { 404: ['ENDPOINT_NOT_FOUND'] },
    handler: async ({ ctx, params }) => {
      if (!(await deleteEndpoint(db, params.id))) throw webhookNotFound('ENDPOINT_NOT_FOUND');
      ctx.status = 204;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/webhooks/:id/deliveries',
    summary: "Lire le journal des envois d'un webhook",
    roles: ADMIN,
    params: IdParams,
    query: DeliveriesQuery,
    responses: { 200: DeliveryListAnswer },
    errors: { 404: ['ENDPOINT_NOT_FOUND'] },
    handler: async ({ params, query }) => {
      if (!(await listEndpoints(db, params.id)).length) throw webhookNotFound('ENDPOINT_NOT_FOUND');
      const { rows, total } = await listDeliveries(db, params.id, query.limit ?? 50);
      return { items: rows.map(presentDelivery), total };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/webhooks/deliveries/:id/resend',
    summary: 'Renvoyer un envoi de webhook',
    roles: ADMIN,
    params: IdParams,
    status: 202,
    responses: { 202: DeliveryAnswer },
    errors: { 404: ['DELIVERY_NOT_FOUND'] },
    handler: async ({ params }) => {
      const row = await requeueDelivery(db, params.id);
      if (!row) throw webhookNotFound('DELIVERY_NOT_FOUND');
      onQueued?.();
      return presentDelivery(row);
    },
  });

  return router;
}
