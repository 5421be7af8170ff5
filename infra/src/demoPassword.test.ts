import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateReadablePassword, resolveDemoPassword } from './demoPassword.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'kermesse-pw-')), 'data');
});
afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('generateReadablePassword', () => {
  it('gives three groups of four unambiguous characters, different each time', () => {
    const first = generateReadablePassword();
    expect(first).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    expect(generateReadablePassword()).not.toBe(first);
  });
});

describe('resolveDemoPassword', () => {
  it('generates a password the first time and saves it, readable by the owner only', async () => {
    const first = await resolveDemoPassword(dataDir);
    expect(first.source).toBe('generated');
    expect((await readFile(path.join(dataDir, 'demo-password'), 'utf8')).trim()).toBe(first.password);
    expect((await stat(first.file)).mode & 0o077).toBe(0);
  });

  it('gives the same password on the next runs', async () => {
    const first = await resolveDemoPassword(dataDir);
    const second = await resolveDemoPassword(dataDir);
    expect(second).toMatchObject({ password: first.password, source: 'file' });
  });

  it('prefers DEMO_PASSWORD and leaves the saved one alone', async () => {
    const saved = await resolveDemoPassword(dataDir);
    const fromEnv = await resolveDemoPassword(dataDir, 'choisi-par-moi');
    expect(fromEnv).toMatchObject({ password: 'choisi-par-moi', source: 'env' });
    expect((await resolveDemoPassword(dataDir)).password).toBe(saved.password);
  });

  it('reads a password saved by hand, ignoring the line break', async () => {
    await resolveDemoPassword(dataDir);
    await writeFile(path.join(dataDir, 'demo-password'), 'kermesse2026\n');
    expect((await resolveDemoPassword(dataDir)).password).toBe('kermesse2026');
  });
});
