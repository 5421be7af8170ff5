import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, parseSecretKey, secretBoxFromEnv } from './index.ts';

describe('secret box', () => {
  it('seals with AES-256-GCM and opens again; the sealed text shows nothing of the secret', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('{"d":"tres-secret"}');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('secret');
    expect(box.seal('{"d":"tres-secret"}')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('{"d":"tres-secret"}');
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('refuses a sealed value that was changed, in French', () => {
    const box = createSecretBox(randomBytes(32));
    const parts = box.seal('abc').split('.');
    parts[4] = Buffer.from('abd').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow('Secret chiffré illisible');
  });

  it('reads KERMESSE_SECRET_KEY in hex or base64, or from KERMESSE_SECRET_KEY_FILE, and refuses a short key', () => {
    const key = randomBytes(32);
    const sealed = createSecretBox(key).seal('x');
    expect(secretBoxFromEnv({ KERMESSE_SECRET_KEY: key.toString('hex') })!.open(sealed)).toBe('x');
    expect(secretBoxFromEnv({ KERMESSE_SECRET_KEY: key.toString('base64') })!.open(sealed)).toBe('x');
    const dir = mkdtempSync(path.join(tmpdir(), 'kermesse-secret-'));
    try {
      writeFileSync(path.join(dir, 'secret-key'), `${key.toString('hex')}\n`);
      expect(secretBoxFromEnv({ KERMESSE_SECRET_KEY_FILE: path.join(dir, 'secret-key') })!.open(sealed)).toBe('x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(secretBoxFromEnv({})).toBeUndefined();
    expect(() => parseSecretKey('abcd')).toThrow('KERMESSE_SECRET_KEY doit contenir 32 octets');
  });
});
