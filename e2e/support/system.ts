/** The whole system (services, gateway, built front ends) for browser tests, on its own ports and data. */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, deleteTestStream, testNamespace, TEST_NATS_URL } from '@kermesse/kit/testing';
import { launch, type RunningSystem } from '../../infra/src/launch.ts';
import { isPortFree } from '../../infra/src/ports.ts';
import { planPorts } from '../../infra/src/topology.ts';

export const E2E_PASSWORD = 'e2e-mot-de-passe';

export interface TestSystem {
  system: RunningSystem;
  url: string;
  stop(): Promise<void>;
}

export interface TestSystemOptions {
  /** Load the demo data (default true); false starts an empty system, as `KERMESSE_DEMO=0` does. */
  demo?: boolean;
  /** Build the front ends (default true); an API-only test skips them. */
  build?: boolean;
  /** Settings given to every part besides the test's own (`LOGIN_RATE_LIMIT`…). */
  env?: Record<string, string>;
}

/**
 * A port range whose gateway and service ports are all free now: other tests (and the kernel's
 * ephemeral ports) use ports too, and a taken gateway port stops the launch.
 */
async function sparePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + randomInt(0, 120) * 100;
    const ports = planPorts({ portBase: base });
    const all = [ports.gateway, ...Object.values(ports.services)];
    if ((await Promise.all(all.map((port) => isPortFree(port)))).every(Boolean)) return base;
  }
  throw new Error('no spare port range for the test system');
}

export async function startTestSystem(options: TestSystemOptions = {}): Promise<TestSystem> {
  const database = await createTestDatabase();
  const namespace = testNamespace();
  const dataDir = mkdtempSync(join(tmpdir(), 'kermesse-e2e-'));
  const lines: string[] = [];
  let system: RunningSystem;
  try {
    system = await launch({
      databaseUrl: database.url,
      natsUrl: TEST_NATS_URL,
      natsNamespace: namespace,
      dataDir,
      demoPassword: E2E_PASSWORD,
      demo: options.demo ?? true,
      portBase: await sparePortBase(),
      build: options.build ?? true,
      env: { ...process.env, ...options.env },
      logLevel: 'warn',
      // A loaded CI machine starts nine services and builds five front ends at once.
      healthTimeoutMs: 180_000,
      output: (line: string) => {
        lines.push(line);
      },
    });
  } catch (err) {
    process.stderr.write(lines.join('\n') + '\n');
    await database.drop();
    throw err;
  }
  return {
    system,
    url: system.url,
    async stop() {
      await system.stop();
      await deleteTestStream(namespace);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
