/**
 * Till sessions, cashier role, French errors: the register's session, its opening and
 * closing, the closing screen's detail, the Z report and the cheque deposit slip (printable HTML);
 * the sales journal check (admin). Contract: `@kermesse/contracts-register/till`.
 */
import {
  CheckoutSessionParams,
  CloseSessionInput,
  OpenSessionInput,
  PrintQuery,
  SessionParams,
  Closing,
  JournalVerification,
  PastSessions,
  SessionDetail,
  SessionState,
} from '@kermesse/contracts-register/till';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { verifyJournal } from '../../commands/verifyJournal.ts';
import { logJournalCheck } from '../../compliance/checksLog.ts';
import { closeTillSession } from '../../commands/closeTillSession.ts';
import { openTillSession } from '../../commands/openTillSession.ts';
import { pastSessions, requireSession, sessionDetail, sessionState } from '../../till/closing.ts';
import { chequeSlipHtml, zReportHtml, type Paper } from '../../till/report.ts';

const CASHIER = ['cashier'] as const;
const ADMIN = ['admin'] as const;

export function tillRoutes({ db, wake }: { db: Db; wake?: () => void }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/checkouts/:checkoutId/session',
    summary: "Lire la session ouverte d'une caisse",
    responses: { 200: SessionState },
    roles: CASHIER,
    params: CheckoutSessionParams,
    handler: async ({ ctx, params }): Promise<SessionState> => {
      ctx.set('Cache-Control', 'no-store');
      return sessionState(db, params.checkoutId);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/checkouts/:checkoutId/sessions',
    summary: "Lister les sessions d'une caisse",
    deprecated: 'Liste dans { sessions } au lieu de { items, total }.',
    responses: { 200: PastSessions },
    roles: CASHIER,
    params: CheckoutSessionParams,
    handler: async ({ ctx, params }): Promise<PastSessions> => {
      ctx.set('Cache-Control', 'no-store');
      return pastSessions(db, params.checkoutId);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/checkouts/:checkoutId/session/open',
    summary: 'Ouvrir une session de caisse',
    responses: { 201: SessionState },
    roles: CASHIER,
    params: CheckoutSessionParams,
    body: OpenSessionInput,
    status: 201,
    handler: async ({ params, body, user }): Promise<SessionState> => {
      const answer = await openTillSession(db, params.checkoutId, body.float.cash, user.id);
      wake?.();
      return answer;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/checkouts/:checkoutId/session/close',
    summary: 'Clôturer une session de caisse',
    responses: { 200: Closing },
    roles: CASHIER,
    params: CheckoutSessionParams,
    body: CloseSessionInput,
    handler: async ({ params, body, user }): Promise<Closing> => {
      const answer = await closeTillSession(db, params.checkoutId, body, user.id);
      wake?.();
      return answer;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/session/:sessionId',
    summary: 'Lire une session de caisse',
    responses: { 200: SessionDetail },
    roles: CASHIER,
    params: SessionParams,
    handler: async ({ ctx, params }): Promise<SessionDetail> => {
      ctx.set('Cache-Control', 'no-store');
      return sessionDetail(db, params.sessionId);
    },
  });

  const html =
    (render: (sessionId: number, paper: Paper) => Promise<string>, defaultPaper: Paper) =>
    async ({ ctx, params, query }: { ctx: import('koa').Context; params: { sessionId: number }; query: { format?: Paper } }) => {
      await requireSession(db, params.sessionId);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = await render(params.sessionId, query.format ?? defaultPaper);
    };

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/session/:sessionId/report',
    summary: "Lire le rapport d'une session de caisse",
    responses: {},
    roles: CASHIER,
    params: SessionParams,
    query: PrintQuery,
    handler: html((id, paper) => zReportHtml(db, id, paper), '80mm'),
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/session/:sessionId/cheques',
    summary: "Lister les chèques d'une session de caisse",
    responses: {},
    roles: CASHIER,
    params: SessionParams,
    query: PrintQuery,
    handler: html((id, paper) => chequeSlipHtml(db, id, paper), 'a4'),
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/journal/verify',
    summary: "Vérifier l'intégrité du journal des ventes",
    responses: { 200: JournalVerification },
    roles: ADMIN,
    handler: async ({ ctx, user }): Promise<JournalVerification> => {
      ctx.set('Cache-Control', 'no-store');
      const result = await verifyJournal(db);
      await logJournalCheck(db, user.id, result);
      return result;
    },
  });

  return router;
}
