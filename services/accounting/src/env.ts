/** The accounting service's configuration, read once at boot (the only place reading process.env). */
import { readRegisterUrl, readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';
import { secretBoxFromEnv, type SecretBox } from '@kermesse/kit/secrets';
import type { SumUpCredentials } from './sumup/payouts.ts';

export interface AccountingEnv extends ServiceEnv {
  /** The register service (`REGISTER_URL`), asked whether an event it has not announced yet exists. */
  registerUrl: string;
  /** HelloAsso's API (`HELLOASSO_URL`, https://api.helloasso.com unless a sandbox is named): docs/helloasso.md. */
  helloAssoUrl: string;
  /** Seals the HelloAsso secret at rest (`KERMESSE_SECRET_KEY`); none in a development checkout. */
  secrets: SecretBox | undefined;
  /** SumUp's payouts (docs/bank.md §2), with the register's card-reader key: none unless CARD_PROVIDER=sumup. */
  sumup: SumUpCredentials | undefined;
}

export const DEFAULT_HELLOASSO_URL = 'https://api.helloasso.com';

export function readAccountingEnv(env: NodeJS.ProcessEnv = process.env): AccountingEnv {
  const helloAssoUrl = env.HELLOASSO_URL?.trim() || DEFAULT_HELLOASSO_URL;
  if (!/^https?:\/\/\S+$/.test(helloAssoUrl)) {
    process.stderr.write('[accounting] configuration invalide :\n- HELLOASSO_URL doit être une adresse http(s)\n');
    process.exit(2);
  }
  return {
    ...readServiceEnv('accounting', env),
    registerUrl: readRegisterUrl('accounting', env),
    helloAssoUrl,
    secrets: secretBoxFromEnv(env),
    sumup:
      env.CARD_PROVIDER === 'sumup' && env.SUMUP_API_KEY && env.SUMUP_MERCHANT_CODE
        ? { apiKey: env.SUMUP_API_KEY, merchantCode: env.SUMUP_MERCHANT_CODE, baseUrl: env.SUMUP_API_URL || 'https://api.sumup.com' }
        : undefined,
  };
}
