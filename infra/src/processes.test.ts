import { describe, expect, it } from 'vitest';
import { describeExit, ManagedProcess, parentPid, prefixLine } from './processes.ts';

describe('prefixLine', () => {
  it('puts the padded name in front of each line', () => {
    expect(prefixLine('nats', 'ready')).toBe('nats       | ready');
    expect(prefixLine('register', 'listening')).toBe('register   | listening');
  });
});

describe('ManagedProcess', () => {
  it('prefixes its output line by line and reports how it ended', async () => {
    const lines: string[] = [];
    const child = new ManagedProcess(
      'demo',
      process.execPath,
      ['-e', 'console.log("un\\ndeux"); console.error("trois"); process.exit(3)'],
      {
        cwd: process.cwd(),
        env: process.env,
        output: (line, stream) => lines.push(`${stream}:${line}`),
      },
    );
    const exit = await child.exited;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(describeExit(exit)).toBe('code 3');
    expect(lines).toEqual(expect.arrayContaining(['out:demo       | un', 'out:demo       | deux', 'err:demo       | trois']));
  });

  it('kills a child that ignores SIGTERM once the grace period is over', async () => {
    const child = new ManagedProcess(
      'stubborn',
      process.execPath,
      ['-e', 'process.on("SIGTERM", () => {}); console.log("ready"); setInterval(() => {}, 1000)'],
      {
        cwd: process.cwd(),
        env: process.env,
        output: () => {},
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exit = await child.stop('SIGTERM', 300);
    expect(exit.signal).toBe('SIGKILL');
    expect(child.running).toBe(false);
  });

  it('knows its parent process', async () => {
    expect(await parentPid(process.pid)).toBe(process.ppid);
  });
});
