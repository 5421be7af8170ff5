import { randomInt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

// No 0/o, 1/l/i: the password is read off a terminal and typed on a phone at the fair.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A random password easy to read aloud: three groups of four (`k7mp-w3xa-9rtd`, about 59 bits). */
export function generateReadablePassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group()].join('-');
}

export interface DemoPassword {
  password: string;
  /** Where it came from: the environment, the data folder, or just generated (and saved there). */
  source: 'env' | 'file' | 'generated';
  file: string;
}

/**
 * Password of the demo accounts: `DEMO_PASSWORD` when given, else the one saved in
 * `<dataDir>/demo-password`, else a new one saved there — so it stays the same between runs.
 */
export async function resolveDemoPassword(dataDir: string, fromEnv?: string): Promise<DemoPassword> {
  const file = path.join(dataDir, 'demo-password');
  if (fromEnv) return { password: fromEnv, source: 'env', file };
  const saved = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (saved) return { password: saved, source: 'file', file };
  const password = generateReadablePassword();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return { password, source: 'generated', file };
}
