/**
 * Gateway-only bench target, used when the system cannot be launched (no Postgres/NATS): a fake
 * identity (same token format and JWKS as the real one) and the real gateway in front of the
 * register URL given in REGISTER_URL. Prints `{"url", "token"}` once listening.
 */
import { listen } from '@kermesse/kit/http';
import { buildApp } from '../gateway/src/app.ts';
import { readEnv } from '../gateway/src/env.ts';
import { silentLogger, startFakeIdentity } from '../gateway/src/testSupport.ts';

const identity = await startFakeIdentity();
const env = readEnv({ ...process.env, IDENTITY_URL: identity.url });
const app = buildApp({ upstreams: env.upstreams, root: env.root, logger: silentLogger });
const running = await listen(app, 0);
const token = await identity.sign({ roles: ['cashier'] });
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${running.port}`, token })}\n`);
process.on('SIGTERM', () => process.exit(0));
