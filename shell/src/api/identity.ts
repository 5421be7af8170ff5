/** The shell's typed client for identity's paths: staff accounts, profile, links, first run, passkeys. */
import type { Answer, Body } from '@kermesse/contracts-common/api';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { gateway, publicGateway } from '../api';

/** The shapes the screens hold, as docs/openapi.json describes the answers they come from (docs/api.md §2). */
export type Person = Answer<'/api/admin/users/{id}', 'get'>;
export type CreatePersonBody = Body<'/api/admin/users', 'post'>;
export type CreatedPerson = Answer<'/api/admin/users', 'post', 201>;
export type UpdatePersonBody = Body<'/api/admin/users/{id}', 'put'>;
export type OneTimeLink = Answer<'/api/admin/users/{id}/reset', 'post'>['resetLink'];
export type LinkInfo = Answer<'/api/links/{token}', 'get'>;
export type ApiTokenAnswer = Answer<'/api/admin/api-tokens/{id}', 'delete'>;
export type CreatedApiTokenAnswer = Answer<'/api/admin/api-tokens', 'post', 201>;
export type HostedAssociationsPage = Answer<'/api/host/associations', 'get'>;
export type HostedAssociation = HostedAssociationsPage['items'][number];
export type NewHostedAssociationBody = Body<'/api/host/associations', 'post'>;
export type CreatedHostedAssociation = Answer<'/api/host/associations', 'post', 201>;
/** The options for the person's own device, or the link that lets them open it there. */
type OnBehalfOptionsAnswer = Answer<'/admin/security/user/{user_id}/devices/add/options', 'post'>;

export const teamApi = {
  list: () => gateway.get<Answer<'/api/admin/users', 'get'>>('/api/admin/users').then((answer) => answer.users),
  create: (body: CreatePersonBody) => gateway.post<CreatedPerson>('/api/admin/users', body),
  update: (id: string, body: UpdatePersonBody) => gateway.put<Answer<'/api/admin/users/{id}', 'put'>>(`/api/admin/users/${id}`, body),
  reset: (id: string) =>
    gateway.post<Answer<'/api/admin/users/{id}/reset', 'post'>>(`/api/admin/users/${id}/reset`).then((answer) => answer.resetLink),
  removePasskey: (id: string, passkeyId: string) =>
    gateway.delete<Answer<'/api/admin/users/{id}/passkeys/{passkeyId}', 'delete'>>(`/api/admin/users/${id}/passkeys/${passkeyId}`),
  /**
   * Starts a passkey on behalf of a person: the one-time link to open on their own device. The path answers
   * either; an administrator's call, without the link's token, always gets the link.
   */
  passkeyLink: (id: string) =>
    gateway
      .post<Extract<OnBehalfOptionsAnswer, { status: 'success' }>>(`/admin/security/user/${id}/devices/add/options`, {})
      .then((answer) => answer.link),
};

/** « Jetons pour les outils » (docs/api-tokens.md). */
export const apiTokensApi = {
  list: () => gateway.get<Answer<'/api/admin/api-tokens', 'get'>>('/api/admin/api-tokens').then((answer) => answer.items),
  /** The answer carries the token itself, shown this once. */
  create: (body: Body<'/api/admin/api-tokens', 'post'>) => gateway.post<CreatedApiTokenAnswer>('/api/admin/api-tokens', body),
  revoke: (id: string) => gateway.delete<ApiTokenAnswer>(`/api/admin/api-tokens/${id}`),
};

export const profileApi = {
  me: () => gateway.get<Answer<'/api/profile', 'get'>>('/api/profile'),
  changePassword: (currentPassword: string, newPassword: string) =>
    gateway.put('/api/profile/password', { currentPassword, newPassword } satisfies Body<'/api/profile/password', 'put'>),
  passkeyOptions: (username: string) =>
    gateway.post<PublicKeyCredentialCreationOptionsJSON>('/profile/security/devices/add/options', { username }),
  addPasskey: (credential: RegistrationResponseJSON, name: string) => gateway.post('/profile/security/devices/add', { credential, name }),
  removePasskey: (passkeyId: string) => gateway.delete(`/profile/security/devices/${passkeyId}`),
};

export const linkApi = {
  info: (token: string) => publicGateway.get<LinkInfo>(`/api/links/${encodeURIComponent(token)}`),
  setPassword: (token: string, password: string) =>
    publicGateway.post<Answer<'/api/links/{token}', 'post'>>(`/api/links/${encodeURIComponent(token)}`, { password } satisfies Body<
      '/api/links/{token}',
      'post'
    >),
  onBehalfOptions: (userId: string, token: string) =>
    publicGateway.post<PublicKeyCredentialCreationOptionsJSON>(`/admin/security/user/${userId}/devices/add/options`, { token }),
  onBehalfAdd: (userId: string, token: string, credential: RegistrationResponseJSON, name: string) =>
    publicGateway.post(`/admin/security/user/${userId}/devices/add`, { token, credential, name }),
};

export const setupApi = {
  state: () => publicGateway.get<Answer<'/api/setup', 'get'>>('/api/setup'),
  createFirstAdmin: (body: Body<'/api/setup', 'post'>) => publicGateway.post<Answer<'/api/setup', 'post', 201>>('/api/setup', body),
};

export const passkeyLoginApi = {
  options: (username: string) => publicGateway.post<PublicKeyCredentialRequestOptionsJSON>('/login/options', { _username: username }),
  signIn: (credential: AuthenticationResponseJSON) => publicGateway.post<Answer<'/login', 'post'>>('/login', { credential }),
};

/** The host console (docs/hosting.md): the associations this installation serves. */
export const hostApi = {
  whoami: () => publicGateway.get<Answer<'/api/host/whoami', 'get'>>('/api/host/whoami'),
  /** A page of the associations from the `offset`-th, in slug order, and how many there are in all. */
  list: (offset = 0) => gateway.get<HostedAssociationsPage>(`/api/host/associations?offset=${encodeURIComponent(offset)}`),
  create: (body: NewHostedAssociationBody) => gateway.post<CreatedHostedAssociation>('/api/host/associations', body),
  suspend: (slug: string) =>
    gateway.post<Answer<'/api/host/associations/{slug}/suspend', 'post'>>(`/api/host/associations/${encodeURIComponent(slug)}/suspend`),
  resume: (slug: string) =>
    gateway.post<Answer<'/api/host/associations/{slug}/resume', 'post'>>(`/api/host/associations/${encodeURIComponent(slug)}/resume`),
  /** Its limits (requests, upload size, storage); null puts the installation's default back. */
  setLimits: (slug: string, limits: Body<'/api/host/associations/{slug}', 'patch'>['limits']) =>
    gateway.patch<Answer<'/api/host/associations/{slug}', 'patch'>>(`/api/host/associations/${encodeURIComponent(slug)}`, { limits }),
};
