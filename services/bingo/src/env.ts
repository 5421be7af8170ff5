/** The bingo service's configuration, read once at boot (the only place reading process.env). */
import { readServiceEnv, SERVICE_DEFAULT_PORTS, type ServiceEnv } from '@kermesse/kit/http';

export interface BingoEnv extends ServiceEnv {
  /** The register service (`REGISTER_URL`), asked whether an event it has not announced yet exists. */
  registerUrl: string;
}

export function readBingoEnv(env: NodeJS.ProcessEnv = process.env): BingoEnv {
  const registerUrl = env.REGISTER_URL ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`;
  if (!/^https?:\/\//.test(registerUrl)) {
    process.stderr.write('[bingo] invalid configuration:\n- REGISTER_URL must be an http(s) URL\n');
    process.exit(2);
  }
  return { ...readServiceEnv('bingo', env), registerUrl };
}
