/** The swap-meet service's environment (the kit's service variables; the only place that reads process.env). */
import { readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

export const readSwapmeetEnv = (): ServiceEnv => readServiceEnv('swapmeet');
