/**
 * The shell's early script, built apart and tiny, first in the page (ui-kit/rspack.ts): asks what the
 * opening page needs first — the manifest of remotes, and on the register the register's own first
 * GETs — while the shell's big scripts download (see earlyRequests.ts).
 */
import { startEarlyRequests, type EarlyRequest } from './earlyRequests';
import { registerStartupRequests } from './registerStartup';

const requests: EarlyRequest[] = [{ path: '/remotes.json' }];
try {
  const token = localStorage.getItem('bearerToken');
  if (token) for (const request of registerStartupRequests(window.location.pathname, localStorage)) requests.push({ ...request, token });
} catch {
  // No storage (private mode): the page asks for what it needs itself.
}
startEarlyRequests(requests);
