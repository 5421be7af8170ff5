import type { LogLevel } from './http/logger.ts';
import { SERVICE_DEFAULT_PORTS, type ServiceName } from './topology.ts';

export interface ServiceEnv {
  port: number;
  /** `HOST`: the address to listen on — loopback by default (only the gateway is public); `0.0.0.0` in a container. */
  host: string;
  databaseUrl: string;
  natsUrl: string;
  natsNamespace: string;
  identityUrl: string;
  logLevel: LogLevel;
}

const LEVELS = ['debug', 'info', 'warn', 'error'];

/**
 * Reads a service's environment once at boot. A wrong value stops the process with a clear
 * message instead of failing later in a request.
 */
export function readServiceEnv(service: ServiceName, env: NodeJS.ProcessEnv = process.env): ServiceEnv {
  const problems: string[] = [];
  const port = Number(env.PORT ?? SERVICE_DEFAULT_PORTS[service]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number (got "${env.PORT}")`);
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kermesse';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// URL');
  const natsUrl = env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const natsNamespace = env.NATS_NAMESPACE ?? 'kermesse';
  if (!/^[A-Za-z0-9_-]+$/.test(natsNamespace)) problems.push('NATS_NAMESPACE may hold only letters, digits, _ and -');
  const identityUrl = env.IDENTITY_URL ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.identity}`;
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LEVELS.join(', ')}`);
  if (problems.length) {
    process.stderr.write(`[${service}] invalid configuration:\n- ${problems.join('\n- ')}\n`);
    process.exit(2);
  }
  return { port, host, databaseUrl, natsUrl, natsNamespace, identityUrl, logLevel };
}

/**
 * `REGISTER_URL` of a service that asks the register about an event its read model does not know yet
 * (docs/platform.md « Events of a fair »): one URL or a comma-separated list of replicas.
 */
export function readRegisterUrl(service: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  const registerUrl = env.REGISTER_URL ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`;
  const replicas = registerUrl.split(',').map((url) => url.trim());
  if (!replicas.every((url) => /^https?:\/\/[^\s]+$/.test(url))) {
    process.stderr.write(
      `[${service}] invalid configuration:\n- REGISTER_URL must be an http(s) URL (or a comma-separated list of them)\n`,
    );
    process.exit(2);
  }
  return registerUrl;
}
