import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The key that seals the secrets kept in the database (token signing keys, the sales journal's key;
 * `@kermesse/kit/secrets`): `KERMESSE_SECRET_KEY` or `KERMESSE_SECRET_KEY_FILE` when given, else
 * `<dataDir>/secret-key`, written once (32 random bytes in hex, readable by its owner only) on the
 * first start — like the demo password. Answers what the services' environment needs.
 */
export async function resolveSecretKey(dataDir: string, env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  if (env.KERMESSE_SECRET_KEY?.trim() || env.KERMESSE_SECRET_KEY_FILE?.trim()) return {};
  const file = path.join(dataDir, 'secret-key');
  const saved = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (!saved) {
    await mkdir(dataDir, { recursive: true });
    // `wx`: two launchers starting at once never write two different keys.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  }
  return { KERMESSE_SECRET_KEY_FILE: file };
}
