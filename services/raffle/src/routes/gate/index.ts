/**
 * Pre-sold tickets and the gate check (docs/gate.md):
 * - back office (admin): `GET /api/admin/gate/events/{eventId}/passes` the passes with their codes,
 *   `POST /api/admin/gate/passes` issues one;
 * - « Contrôle à l'entrée » (volunteer): `GET /api/volunteer/gate/events`, `GET
 *   /api/volunteer/gate/events/{eventId}/list` (the key and the passes, for checking offline),
 *   `POST /api/volunteer/gate/check` (one scan, online) and `POST /api/volunteer/gate/sync` (the scans
 *   an offline phone kept);
 * - internal (another service, for a treasurer or an admin): `POST /internal/gate/passes` imports a
 *   ticket sold elsewhere (HelloAsso) once per source and id.
 */
import { defineRoute, Router } from '@kermesse/kit/http';
import { requireAssociation } from '@kermesse/kit/tenancy';
import {
  GateCheckBody,
  GateCheckResult,
  GateEventParams,
  GateEvents,
  GateList,
  GatePassImport,
  GatePassInput,
  GateSyncBody,
  GateSyncResult,
  IssuedGatePass,
  ImportedGatePass,
  IssuedGatePasses,
} from '@kermesse/contracts-raffle';
import { importGatePass, issueGatePass, withGateCode } from '../../commands/issueGatePass.ts';
import { recordGateScans } from '../../commands/recordGateScans.ts';
import { raffleError } from '../../errors.ts';
import { gateKey } from '../../gate/keys.ts';
import { presentGatePass } from '../../presenters/gatePasses.ts';
import { findEvent } from '../../repositories/events.ts';
import { listGateEvents, listGatePasses } from '../../repositories/gatePasses.ts';
import type { RouteDeps } from '../deps.ts';

const ADMIN = ['admin'] as const;
const VOLUNTEER = ['volunteer'] as const;

export function gateRoutes({ db }: RouteDeps): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/gate/events/:eventId/passes',
    summary: "Lister les billets prévendus d'un événement, avec leur code signé",
    responses: { 200: IssuedGatePasses },
    roles: ADMIN,
    params: GateEventParams,
    handler: async ({ ctx, params }) => {
      if (!(await findEvent(db, params.eventId))) throw raffleError('EVENT_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      const items = await Promise.all((await listGatePasses(db, params.eventId)).map((row) => withGateCode(db, row)));
      return { items, total: items.length };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/admin/gate/passes',
    summary: 'Émettre un billet prévendu (QR code signé)',
    status: 201,
    responses: { 201: IssuedGatePass },
    roles: ADMIN,
    body: GatePassInput,
    handler: ({ body, user }) => issueGatePass(db, body, user.email),
  });

  defineRoute(router, {
    method: 'post',
    path: '/internal/gate/passes',
    summary: 'Importer un billet vendu ailleurs (HelloAsso), une seule fois par source et identifiant',
    responses: { 200: ImportedGatePass },
    roles: ['treasurer'] as const,
    body: GatePassImport,
    handler: ({ body, user }) => importGatePass(db, body, user.email),
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/volunteer/gate/events',
    summary: 'Lister les événements dont on contrôle les billets',
    responses: { 200: GateEvents },
    roles: VOLUNTEER,
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      const items = (await listGateEvents(db)).map((e) => ({ id: e.id, name: e.name, startsOn: e.starts_on, passes: e.passes }));
      return { items, total: items.length };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/volunteer/gate/events/:eventId/list',
    summary: 'Charger la clé publique et les billets pour contrôler hors ligne',
    responses: { 200: GateList },
    roles: VOLUNTEER,
    params: GateEventParams,
    handler: async ({ ctx, params }) => {
      const event = await findEvent(db, params.eventId);
      if (!event) throw raffleError('EVENT_NOT_FOUND');
      const [key, passes] = await Promise.all([gateKey(db), listGatePasses(db, params.eventId)]);
      ctx.set('Cache-Control', 'no-store');
      return {
        associationId: requireAssociation('gate list'),
        publicKey: key.publicKey,
        event: { id: event.id, name: event.name },
        passes: passes.map(presentGatePass),
        readAt: new Date().toISOString(),
      };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/volunteer/gate/check',
    summary: "Contrôler un billet à l'entrée",
    responses: { 200: GateCheckResult },
    roles: VOLUNTEER,
    body: GateCheckBody,
    handler: async ({ body, user }) => {
      if (!(await findEvent(db, body.eventId))) throw raffleError('EVENT_NOT_FOUND');
      const { eventId, ...scan } = body;
      const [result] = await recordGateScans(db, eventId, [scan], user.email);
      return result!;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/volunteer/gate/sync',
    summary: 'Envoyer les contrôles faits hors ligne',
    responses: { 200: GateSyncResult },
    roles: VOLUNTEER,
    body: GateSyncBody,
    handler: async ({ body, user }) => {
      if (!(await findEvent(db, body.eventId))) throw raffleError('EVENT_NOT_FOUND');
      return { results: await recordGateScans(db, body.eventId, body.scans, user.email) };
    },
  });

  return router;
}
