/**
 * The shell's early script, built apart and tiny, first in the page (ui-kit/rspack.ts): asks what the
 * opening page needs first — the manifest of remotes, and on the register the register's own first
 * GETs — while the shell's big scripts download (see earlyRequests.ts).
 */
import { readRegisterToken } from '@kermesse/ui-kit/registerToken';
import { startEarlyRequests, type EarlyRequest } from './earlyRequests';
import { registerStartupRequests } from './registerStartup';

const requests: EarlyRequest[] = [{ path: '/remotes.json' }];
try {
  // The register's own token: the cashier's session, or one loaded by hand.
  const token = readRegisterToken(localStorage);
  if (token) for (const request of registerStartupRequests(window.location.pathname, localStorage)) requests.push({ ...request, token });
} catch {
  // No storage (private mode): the page asks for what it needs itself.
}
startEarlyRequests(requests);
