/** The accounting service's configuration, read once at boot (the only place reading process.env). */
import { readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

export const readAccountingEnv = (env: NodeJS.ProcessEnv = process.env): ServiceEnv => readServiceEnv('accounting', env);
