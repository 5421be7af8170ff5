import path from 'node:path';
import { SERVICE_DEFAULT_PORTS } from '@kermesse/kit/http';

export interface RegisterEnv {
  raffleUrl: string;
  /** The bingo service (loto carton claims). */
  bingoUrl: string;
  cardProvider: 'simulator' | 'sumup';
  sumup?: { apiKey: string; merchantCode: string; baseUrl: string };
  /** Uploaded product pictures (`<KERMESSE_DATA_DIR>/uploads/products`), served at /up/ before the shipped ones. */
  uploadsDir: string;
  /** Public address printed on receipts; default the request's origin behind the gateway. */
  publicUrl?: string;
}

/**
 * The register's own settings, read once at boot (the kit's readServiceEnv reads the common ones).
 * A wrong value stops the process with a clear message.
 */
export function readRegisterEnv(env: NodeJS.ProcessEnv = process.env): RegisterEnv {
  const problems: string[] = [];
  // The other services at their topology ports on this machine unless told otherwise (as IDENTITY_URL).
  const raffleUrl = env.RAFFLE_URL ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.raffle}`;
  if (!/^https?:\/\//.test(raffleUrl)) problems.push('RAFFLE_URL must be an http(s) URL');
  const bingoUrl = env.BINGO_URL ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.bingo}`;
  if (!/^https?:\/\//.test(bingoUrl)) problems.push('BINGO_URL must be an http(s) URL');
  const cardProvider = (env.CARD_PROVIDER ?? 'simulator') as RegisterEnv['cardProvider'];
  if (!['simulator', 'sumup'].includes(cardProvider)) problems.push('CARD_PROVIDER must be simulator or sumup');
  let sumup: RegisterEnv['sumup'];
  if (cardProvider === 'sumup') {
    if (!env.SUMUP_API_KEY) problems.push('SUMUP_API_KEY is required with CARD_PROVIDER=sumup');
    if (!env.SUMUP_MERCHANT_CODE) problems.push('SUMUP_MERCHANT_CODE is required with CARD_PROVIDER=sumup');
    sumup = {
      apiKey: env.SUMUP_API_KEY ?? '',
      merchantCode: env.SUMUP_MERCHANT_CODE ?? '',
      baseUrl: env.SUMUP_API_URL ?? 'https://api.sumup.com',
    };
  }
  const publicUrl = env.PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:\/\//.test(publicUrl)) problems.push('PUBLIC_URL must be an http(s) URL');
  if (problems.length) {
    process.stderr.write(`[register] invalid configuration:\n- ${problems.join('\n- ')}\n`);
    process.exit(2);
  }
  const dataDir = path.resolve(env.KERMESSE_DATA_DIR || '.data');
  return { raffleUrl, bingoUrl, cardProvider, sumup, uploadsDir: path.join(dataDir, 'uploads', 'products'), publicUrl };
}

/**
 * The sales journal's HMAC key (`JOURNAL_HMAC_KEY`; journal/journal.ts falls back to a development
 * key, with a warning in production). Read at each use: a test may set it after start-up.
 */
export function readJournalKey(env: NodeJS.ProcessEnv = process.env): { key: string | undefined; production: boolean } {
  return { key: env.JOURNAL_HMAC_KEY || undefined, production: env.NODE_ENV === 'production' };
}

/** `npm run journal:verify`: the database to check (`DATABASE_URL`, default the local one). */
export function readVerifyEnv(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string } {
  return { databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kermesse' };
}
