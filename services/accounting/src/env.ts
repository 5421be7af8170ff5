/** The accounting service's configuration, read once at boot (the only place reading process.env). */
import { readRegisterUrl, readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

export interface AccountingEnv extends ServiceEnv {
  /** The register service (`REGISTER_URL`), asked whether an event it has not announced yet exists. */
  registerUrl: string;
}

export const readAccountingEnv = (env: NodeJS.ProcessEnv = process.env): AccountingEnv => ({
  ...readServiceEnv('accounting', env),
  registerUrl: readRegisterUrl('accounting', env),
});
