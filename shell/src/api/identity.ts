/** The shell's typed client for identity's paths: staff accounts, profile, links, first run, passkeys. */
import type {
  ApiTokenAnswer,
  ApiTokenListAnswer,
  ChangePasswordBody,
  CreatedApiTokenAnswer,
  CreatedPerson,
  CreatePersonBody,
  FirstAdminAnswer,
  FirstAdminBody,
  NewApiTokenBody,
  LinkInfo,
  OneTimeLink,
  OnBehalfLinkAnswer,
  PasskeySignedIn,
  PeopleList,
  Person,
  ResetAnswer,
  SetPasswordBody,
  SetupState,
  TokenAnswer,
  UpdatePersonBody,
  CreatedHostedAssociation,
  DirectoryEntry,
  HostedAssociation,
  HostedAssociationChange,
  HostedAssociationsAnswer,
  HostSideAnswer,
  NewHostedAssociationBody,
} from '@kermesse/contracts-identity';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { gateway, publicGateway } from '../api';

export type { CreatedHostedAssociation, HostedAssociation, NewHostedAssociationBody };
export type { ApiTokenAnswer, CreatedApiTokenAnswer, CreatedPerson, CreatePersonBody, LinkInfo, OneTimeLink, Person, UpdatePersonBody };

export const teamApi = {
  list: () => gateway.get<PeopleList>('/api/admin/users').then((answer) => answer.users),
  create: (body: CreatePersonBody) => gateway.post<CreatedPerson>('/api/admin/users', body),
  update: (id: string, body: UpdatePersonBody) => gateway.put<Person>(`/api/admin/users/${id}`, body),
  reset: (id: string) => gateway.post<ResetAnswer>(`/api/admin/users/${id}/reset`).then((answer) => answer.resetLink),
  removePasskey: (id: string, passkeyId: string) => gateway.delete(`/api/admin/users/${id}/passkeys/${passkeyId}`),
  /** Starts a passkey on behalf of a person: the one-time link to open on their own device. */
  passkeyLink: (id: string) =>
    gateway.post<OnBehalfLinkAnswer>(`/admin/security/user/${id}/devices/add/options`, {}).then((answer) => answer.link),
};

/** « Jetons pour les outils » (docs/api-tokens.md). */
export const apiTokensApi = {
  list: () => gateway.get<ApiTokenListAnswer>('/api/admin/api-tokens').then((answer) => answer.items),
  /** The answer carries the token itself, shown this once. */
  create: (body: NewApiTokenBody) => gateway.post<CreatedApiTokenAnswer>('/api/admin/api-tokens', body),
  revoke: (id: string) => gateway.delete<ApiTokenAnswer>(`/api/admin/api-tokens/${id}`),
};

export const profileApi = {
  me: () => gateway.get<Person>('/api/profile'),
  changePassword: (currentPassword: string, newPassword: string) =>
    gateway.put('/api/profile/password', { currentPassword, newPassword } satisfies ChangePasswordBody),
  passkeyOptions: (username: string) =>
    gateway.post<PublicKeyCredentialCreationOptionsJSON>('/profile/security/devices/add/options', { username }),
  addPasskey: (credential: RegistrationResponseJSON, name: string) => gateway.post('/profile/security/devices/add', { credential, name }),
  removePasskey: (passkeyId: string) => gateway.delete(`/profile/security/devices/${passkeyId}`),
};

export const linkApi = {
  info: (token: string) => publicGateway.get<LinkInfo>(`/api/links/${encodeURIComponent(token)}`),
  setPassword: (token: string, password: string) =>
    publicGateway.post<TokenAnswer>(`/api/links/${encodeURIComponent(token)}`, { password } satisfies SetPasswordBody),
  onBehalfOptions: (userId: string, token: string) =>
    publicGateway.post<PublicKeyCredentialCreationOptionsJSON>(`/admin/security/user/${userId}/devices/add/options`, { token }),
  onBehalfAdd: (userId: string, token: string, credential: RegistrationResponseJSON, name: string) =>
    publicGateway.post(`/admin/security/user/${userId}/devices/add`, { token, credential, name }),
};

export const setupApi = {
  state: () => publicGateway.get<SetupState>('/api/setup'),
  createFirstAdmin: (body: FirstAdminBody) => publicGateway.post<FirstAdminAnswer>('/api/setup', body),
};

export const passkeyLoginApi = {
  options: (username: string) => publicGateway.post<PublicKeyCredentialRequestOptionsJSON>('/login/options', { _username: username }),
  signIn: (credential: AuthenticationResponseJSON) => publicGateway.post<PasskeySignedIn>('/login', { credential }),
};

/** The host console (docs/hosting.md): the associations this installation serves. */
export const hostApi = {
  whoami: () => publicGateway.get<HostSideAnswer>('/api/host/whoami'),
  list: () => gateway.get<HostedAssociationsAnswer>('/api/host/associations').then((answer) => answer.associations),
  create: (body: NewHostedAssociationBody) => gateway.post<CreatedHostedAssociation>('/api/host/associations', body),
  suspend: (slug: string) => gateway.post<DirectoryEntry>(`/api/host/associations/${encodeURIComponent(slug)}/suspend`),
  resume: (slug: string) => gateway.post<DirectoryEntry>(`/api/host/associations/${encodeURIComponent(slug)}/resume`),
  /** Its limits (requests, upload size, storage); null puts the installation's default back. */
  setLimits: (slug: string, limits: HostedAssociationChange['limits']) =>
    gateway.patch<HostedAssociation>(`/api/host/associations/${encodeURIComponent(slug)}`, { limits }),
};
