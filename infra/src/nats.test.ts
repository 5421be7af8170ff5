import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findNatsServer, natsConfigText, parseNatsVersion, supportsSyncInterval } from './nats.ts';

describe('nats-server version', () => {
  it('reads the version nats-server --version prints', () => {
    expect(parseNatsVersion('nats-server: v2.9.10')).toEqual([2, 9, 10]);
    expect(parseNatsVersion('nats-server: v2.10.22')).toEqual([2, 10, 22]);
    expect(parseNatsVersion('something else')).toBeUndefined();
  });

  it('knows sync_interval came with 2.10', () => {
    expect(supportsSyncInterval([2, 9, 10])).toBe(false);
    expect(supportsSyncInterval([2, 10, 0])).toBe(true);
    expect(supportsSyncInterval([2, 11, 3])).toBe(true);
    expect(supportsSyncInterval([3, 0, 0])).toBe(true);
  });
});

describe('natsConfigText', () => {
  const base = { port: 4223, storeDir: '/var/data/nats', pidFile: '/var/data/nats/nats-server.pid' };

  it('listens on loopback with JetStream stored in the data folder, fsync on every write', () => {
    const text = natsConfigText({ ...base, syncAlways: true });
    expect(text).toContain('listen: "127.0.0.1:4223"');
    expect(text).toContain('pid_file: "/var/data/nats/nats-server.pid"');
    expect(text).toMatch(/jetstream \{\n {2}store_dir: "\/var\/data\/nats"\n {2}sync_interval: always\n\}/);
  });

  it('leaves sync_interval out for servers older than 2.10', () => {
    const text = natsConfigText({ ...base, syncAlways: false });
    expect(text).not.toContain('sync_interval');
    expect(text).toMatch(/jetstream \{\n {2}store_dir: "\/var\/data\/nats"\n\}/);
  });

  it('quotes folders with spaces or quotes', () => {
    const text = natsConfigText({ ...base, storeDir: '/home/asso "fête"/data', syncAlways: false });
    expect(text).toContain('store_dir: "/home/asso \\"fête\\"/data"');
  });

  it('is accepted by the nats-server of this machine (when installed)', async () => {
    const binary = await findNatsServer();
    if (!binary) return;
    const { stdout } = await promisify(execFile)(binary, ['--version']);
    const version = parseNatsVersion(stdout)!;
    const dir = await mkdtemp(path.join(tmpdir(), 'kermesse-natsconf-'));
    try {
      const file = path.join(dir, 'nats-server.conf');
      const config = { port: 4223, storeDir: dir, pidFile: path.join(dir, 'pid'), syncAlways: supportsSyncInterval(version) };
      await writeFile(file, natsConfigText(config));
      await expect(promisify(execFile)(binary, ['-t', '-c', file])).resolves.toBeTruthy();
      if (!config.syncAlways) {
        // …and the version check is right: this server refuses sync_interval.
        await writeFile(file, natsConfigText({ ...config, syncAlways: true }));
        await expect(promisify(execFile)(binary, ['-t', '-c', file])).rejects.toThrow(/sync_interval/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
