/** The raffle service's environment: the kit's service settings and where illustrations are kept. */
import path from 'node:path';
import { readServiceEnv, SERVICE_DEFAULT_PORTS, type ServiceEnv } from '@kermesse/kit/http';

export interface RaffleEnv extends ServiceEnv {
  /** `<KERMESSE_DATA_DIR>/uploads/prizes` (default `.data/uploads/prizes`). */
  uploadsDir: string;
  /** The register service (`REGISTER_URL`), asked whether an event it has not announced yet exists. */
  registerUrl: string;
}

export function readRaffleEnv(env: NodeJS.ProcessEnv = process.env): RaffleEnv {
  const registerUrl = env.REGISTER_URL ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`;
  if (!/^https?:\/\//.test(registerUrl)) {
    process.stderr.write('[raffle] invalid configuration:\n- REGISTER_URL must be an http(s) URL\n');
    process.exit(2);
  }
  return {
    ...readServiceEnv('raffle', env),
    uploadsDir: path.resolve(env.KERMESSE_DATA_DIR || '.data', 'uploads', 'prizes'),
    registerUrl,
  };
}
