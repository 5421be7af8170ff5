/** The bingo service's configuration, read once at boot (the only place reading process.env). */
import { readRegisterUrl, readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

export interface BingoEnv extends ServiceEnv {
  /** The register service (`REGISTER_URL`), asked whether an event it has not announced yet exists. */
  registerUrl: string;
}

export function readBingoEnv(env: NodeJS.ProcessEnv = process.env): BingoEnv {
  return { ...readServiceEnv('bingo', env), registerUrl: readRegisterUrl('bingo', env) };
}
