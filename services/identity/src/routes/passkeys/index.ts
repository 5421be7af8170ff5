import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  AddDeviceBody,
  LoginOptionsBody,
  OnBehalfAddBody,
  OnBehalfParams,
  OwnDeviceOptionsBody,
  OwnPasskeyParams,
  PasskeyLoginBody,
  type OnBehalfLinkAnswer,
  type PasskeySummary,
  DevicesAnswer,
  OnBehalfOptionsAnswer,
  PasskeyAddedAnswer,
  PasskeyAnswer,
  PasskeyLoginOptions,
  PasskeyRegistrationOptions,
  PasskeySignInAnswer,
} from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { codeOfStatus, defineRoute, HttpError, Router } from '@kermesse/kit/http';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { recordSignIn } from '../../signInEvents.ts';
import { issueAccessToken } from '../../accessTokens.ts';
import { hashLinkToken, issueLink } from '../../links.ts';
import { presentPerson } from '../../presenters/person.ts';
import { useLink } from '../../commands/useLink.ts';
import { findUsableLink } from '../../repositories/links.ts';
import { deletePasskey, listPasskeys } from '../../repositories/passkeys.ts';
import { findUserByEmail, findUserById, touchLastSignIn, type UserRow } from '../../repositories/users.ts';
import type { SigningKey } from '../../signingKeys.ts';
import { hostedSite, passkeyError, type PasskeySite, type Webauthn } from '../../webauthn.ts';
import { hostingEnabled } from '@kermesse/kit/tenancy';
import { hostDomain, linkBaseFor } from '../../hosting.ts';

export interface PasskeyRouteDeps {
  db: Db;
  key: SigningKey;
  webauthn: Webauthn;
  publicUrl: string;
}

/**
 * The passkey paths of docs/spec.md §7: sign-in (`/login/options`, `/login`), a signed-in person's own
 * devices (`/profile/security/…`) and an admin's registration on behalf of a person
 * (`/admin/security/user/{user_id}/…`), completed on that person's device through a one-time link.
 * Answers are `{ status: 'error', message }` or a success (the spec: « redirects to / »).
 */
export function passkeyRoutes(deps: PasskeyRouteDeps): Router {
  const { db, webauthn } = deps;
  const router = new Router();

  /**
   * The spec's answer shape: `{ status: 'error', message, code }` with the error's HTTP status — and
   * `error`, the same sentence where every other refusal has it (docs/platform.md « Refusals »).
   */
  const answer = async (ctx: Context, work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof HttpError) || !err.expose) throw err;
      ctx.status = err.status;
      ctx.body = { status: 'error', message: err.message, error: err.message, code: err.code ?? codeOfStatus(err.status) };
      return undefined;
    }
  };
  const signedIn = async (ctx: Context): Promise<UserRow> => {
    const auth = ctx.state.user;
    const user = auth && (await findUserById(db, auth.id));
    if (!user || user.disabled_at) throw new HttpError(401, 'Authentification requise.');
    return user;
  };
  const origin = (ctx: Context) => ctx.get('origin') || undefined;
  // With hosting, the association's own host is the passkeys' site (the gateway passes the Host on).
  const site = (ctx: Context): PasskeySite | undefined =>
    hostingEnabled() ? hostedSite(ctx.get('x-forwarded-host'), ctx.get('x-forwarded-proto'), hostDomain()) : undefined;
  const deviceName = (name: string | undefined, ctx: Context) => name?.trim() || defaultDeviceName(ctx.get('user-agent'));

  // ---- Sign-in
  defineRoute(router, {
    method: 'post',
    path: '/login/options',
    summary: "Préparer une connexion par clé d'accès",
    responses: { 200: PasskeyLoginOptions },
    body: LoginOptionsBody,
    handler: ({ ctx, body }) =>
      answer(ctx, async () => {
        const username = body._username?.trim();
        // An unknown username gets the same empty list as an empty one: it tells nothing about accounts.
        const user = username ? await findUserByEmail(db, username) : undefined;
        const passkeys = user && !user.disabled_at ? await listPasskeys(db, [user.id]) : [];
        return webauthn.authenticationOptions(passkeys, origin(ctx), site(ctx));
      }),
  });

  defineRoute(router, {
    method: 'post',
    path: '/login',
    summary: "Se connecter avec une clé d'accès",
    responses: { 200: PasskeySignInAnswer },
    errors: { 401: ['PASSKEY_REFUSED', 'PASSKEY_VERIFICATION'] },
    body: PasskeyLoginBody,
    handler: ({ ctx, body }) =>
      answer(ctx, async () => {
        const passkey = await webauthn.authenticate(body.credential as unknown as AuthenticationResponseJSON, site(ctx));
        const user = await findUserById(db, passkey.user_id);
        if (!user || user.disabled_at) throw passkeyError(401, 'PASSKEY_REFUSED');
        await touchLastSignIn(db, user.id);
        await recordSignIn(db, user, 'passkey');
        return { status: 'success', redirect: '/', token: await issueAccessToken(db, deps.key, user) };
      }),
  });

  // ---- The signed-in person's own passkeys
  defineRoute(router, {
    method: 'get',
    path: '/profile/security/devices',
    summary: "Lister ses clés d'accès",
    deprecated: 'Liste dans { devices } au lieu de { items, total }.',
    responses: { 200: DevicesAnswer },
    errors: { 401: ['UNAUTHENTICATED'] },
    handler: ({ ctx }) =>
      answer(ctx, async () => {
        const user = await signedIn(ctx);
        return { devices: presentPerson(user, await listPasskeys(db, [user.id])).passkeys satisfies PasskeySummary[] };
      }),
  });

  defineRoute(router, {
    method: 'post',
    path: '/profile/security/devices/add/options',
    summary: "Préparer l'ajout d'une clé d'accès",
    responses: { 200: PasskeyRegistrationOptions },
    errors: { 401: ['UNAUTHENTICATED'] },
    body: OwnDeviceOptionsBody,
    handler: ({ ctx }) => answer(ctx, async () => webauthn.registrationOptions(await signedIn(ctx), origin(ctx), site(ctx))),
  });

  defineRoute(router, {
    method: 'post',
    path: '/profile/security/devices/add',
    summary: "Ajouter une clé d'accès",
    responses: { 200: PasskeyAddedAnswer },
    errors: { 400: ['PASSKEY_VERIFICATION'], 401: ['UNAUTHENTICATED'], 409: ['PASSKEY_DUPLICATE'] },
    body: AddDeviceBody,
    handler: ({ ctx, body }) =>
      answer(ctx, async () => {
        const user = await signedIn(ctx);
        const passkey = await webauthn.register(
          user,
          body.credential as unknown as RegistrationResponseJSON,
          deviceName(body.name, ctx),
          site(ctx),
        );
        ctx.status = 201;
        return { status: 'success', redirect: '/', passkey: presentPerson(user, [passkey]).passkeys[0] };
      }),
  });

  defineRoute(router, {
    method: 'delete',
    path: '/profile/security/devices/:passkeyId',
    summary: "Supprimer une de ses clés d'accès",
    responses: { 200: PasskeyAnswer },
    params: OwnPasskeyParams,
    handler: ({ ctx, params }) =>
      answer(ctx, async () => {
        const user = await signedIn(ctx);
        if (!(await deletePasskey(db, user.id, params.passkeyId))) throw passkeyError(404, 'PASSKEY_NOT_FOUND');
        return { status: 'success', redirect: '/' };
      }),
  });

  // ---- On behalf: the admin starts it (one-time link / QR code), the person's device finishes it.
  const linkFor = async (userId: string, token: string) => {
    const link = await findUsableLink(db, hashLinkToken(token));
    const user = await findUserById(db, userId);
    if (!link || link.purpose !== 'passkey' || link.user_id !== userId || !user || user.disabled_at)
      throw passkeyError(404, 'LINK_INVALID');
    return { link, user };
  };

  defineRoute(router, {
    method: 'post',
    path: '/admin/security/user/:user_id/devices/add/options',
    summary: "Préparer l'ajout d'une clé d'accès pour une personne",
    responses: { 200: OnBehalfOptionsAnswer },
    errors: { 401: ['UNAUTHENTICATED'], 403: ['FORBIDDEN'], 404: ['LINK_INVALID', 'PERSON_NOT_FOUND'] },
    params: OnBehalfParams,
    body: Type.Object({ token: Type.Optional(OnBehalfAddBody.properties.token) }, { additionalProperties: false }),
    handler: ({ ctx, params, body }) =>
      answer(ctx, async () => {
        if (body.token) {
          const { user } = await linkFor(params.user_id, body.token);
          return webauthn.registrationOptions(user, origin(ctx), site(ctx));
        }
        const admin = await signedIn(ctx);
        if (!admin.roles.includes('admin')) throw new HttpError(403, 'Accès refusé : droits insuffisants.');
        const person = await findUserById(db, params.user_id);
        if (!person) throw passkeyError(404, 'PERSON_NOT_FOUND');
        const link = await issueLink(db, linkBaseFor(ctx, deps.publicUrl), person.id, 'passkey');
        // The link page needs the person's id to call the paths above.
        link.url += `&personne=${person.id}`;
        return { status: 'success', link } satisfies OnBehalfLinkAnswer;
      }),
  });

  defineRoute(router, {
    method: 'post',
    path: '/admin/security/user/:user_id/devices/add',
    summary: "Ajouter une clé d'accès pour une personne",
    responses: { 200: PasskeyAddedAnswer },
    errors: { 400: ['PASSKEY_VERIFICATION'], 404: ['LINK_INVALID'], 409: ['PASSKEY_DUPLICATE'] },
    params: OnBehalfParams,
    body: OnBehalfAddBody,
    handler: ({ ctx, params, body }) =>
      answer(ctx, async () => {
        const { link, user } = await linkFor(params.user_id, body.token);
        const passkey = await webauthn.register(
          user,
          body.credential as unknown as RegistrationResponseJSON,
          deviceName(body.name, ctx),
          site(ctx),
        );
        await useLink(db, link);
        ctx.status = 201;
        return { status: 'success', redirect: '/connexion', passkey: presentPerson(user, [passkey]).passkeys[0] };
      }),
  });

  return router;
}

/** « Chrome sur Android », « Safari sur iPhone »…: a default name the person can recognise. */
export function defaultDeviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Navigateur';
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : 'appareil';
  return `${browser} sur ${system}`;
}
