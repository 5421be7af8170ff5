/** The webhooks service's environment (the kit's service variables; the only place that reads process.env). */
import { readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

export const readWebhooksEnv = (): ServiceEnv => readServiceEnv('webhooks');
