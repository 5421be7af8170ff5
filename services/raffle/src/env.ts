/** The raffle service's environment: the kit's service settings and where illustrations are kept. */
import path from 'node:path';
import { readRegisterUrl, readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

export interface RaffleEnv extends ServiceEnv {
  /** `<KERMESSE_DATA_DIR>/uploads/prizes` (default `.data/uploads/prizes`). */
  uploadsDir: string;
  /** The register service (`REGISTER_URL`), asked whether an event it has not announced yet exists. */
  registerUrl: string;
}

export function readRaffleEnv(env: NodeJS.ProcessEnv = process.env): RaffleEnv {
  return {
    ...readServiceEnv('raffle', env),
    uploadsDir: path.resolve(env.KERMESSE_DATA_DIR || '.data', 'uploads', 'prizes'),
    registerUrl: readRegisterUrl('raffle', env),
  };
}
