/** Calls to the identity service (through the gateway) shared by the shell and the register. */
import type { Answer } from '@kermesse/contracts-common/api';
import type { ApiClient } from './apiClient';

export interface Credentials {
  email: string;
  password: string;
}

/** `POST /api/login` → the token, or undefined when the answer carries none. */
export async function requestToken(client: ApiClient, credentials: Credentials): Promise<string | undefined> {
  const answer = await client.post<Partial<Answer<'/api/login', 'post'>> | undefined>('/api/login', credentials);
  return typeof answer?.token === 'string' && answer.token ? answer.token : undefined;
}

/** `POST /api/token/release`: revokes the client's bearer token on the server. */
export async function releaseToken(client: ApiClient): Promise<void> {
  await client.post('/api/token/release');
}
