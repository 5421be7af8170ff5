import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { resolveSecretKey } from './secretKey.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'kermesse-key-')), 'data');
});
afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('resolveSecretKey', () => {
  it('writes a key on the first start, readable by its owner only, and keeps it afterwards', async () => {
    const first = await resolveSecretKey(dataDir, {});
    const file = path.join(dataDir, 'secret-key');
    expect(first).toEqual({ KERMESSE_SECRET_KEY_FILE: file });
    const key = (await readFile(file, 'utf8')).trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(file)).mode & 0o077).toBe(0);
    // The services read it as their secret key.
    const box = secretBoxFromEnv(first)!;
    expect(box.open(box.seal('clé'))).toBe('clé');
    await resolveSecretKey(dataDir, {});
    expect((await readFile(file, 'utf8')).trim()).toBe(key);
  });

  it('leaves a key given by the environment alone', async () => {
    expect(await resolveSecretKey(dataDir, { KERMESSE_SECRET_KEY: 'a'.repeat(64) })).toEqual({});
    expect(await resolveSecretKey(dataDir, { KERMESSE_SECRET_KEY_FILE: '/etc/kermesse/key' })).toEqual({});
  });
});
