/** The stock service's environment (the kit's service variables; the only place that reads process.env). */
import { readRegisterUrl, readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

export interface StockEnv extends ServiceEnv {
  /** The register service (`REGISTER_URL`), asked whether an event it has not announced yet exists. */
  registerUrl: string;
}

export const readStockEnv = (env: NodeJS.ProcessEnv = process.env): StockEnv => ({
  ...readServiceEnv('stock', env),
  registerUrl: readRegisterUrl('stock', env),
});
