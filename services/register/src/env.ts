import path from 'node:path';

export interface RegisterEnv {
  raffleUrl: string;
  /** The bingo service (loto carton claims, issue 12). */
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
  const raffleUrl = env.RAFFLE_URL ?? 'http://127.0.0.1:8103';
  if (!/^https?:\/\//.test(raffleUrl)) problems.push('RAFFLE_URL must be an http(s) URL');
  const bingoUrl = env.BINGO_URL ?? 'http://127.0.0.1:8104';
  if (!/^https?:\/\//.test(bingoUrl)) problems.push('BINGO_URL must be an http(s) URL');
  const cardProvider = (env.CARD_PROVIDER ?? 'simulator') as RegisterEnv['cardProvider'];
  if (!['simulator', 'sumup'].includes(cardProvider)) problems.push('CARD_PROVIDER must be simulator or sumup');
  let sumup: RegisterEnv['sumup'];
  if (cardProvider === 'sumup') {
    if (!env.SUMUP_API_KEY) problems.push('SUMUP_API_KEY is required with CARD_PROVIDER=sumup');
    if (!env.SUMUP_MERCHANT_CODE) problems.push('SUMUP_MERCHANT_CODE is required with CARD_PROVIDER=sumup');
    sumup = { apiKey: env.SUMUP_API_KEY ?? '', merchantCode: env.SUMUP_MERCHANT_CODE ?? '', baseUrl: env.SUMUP_API_URL ?? 'https://api.sumup.com' };
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
