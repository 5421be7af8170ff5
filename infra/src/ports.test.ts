import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { choosePort, isPortFree, randomFreePort } from './ports.ts';
import { planPorts } from './topology.ts';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function occupy(): Promise<number> {
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

describe('choosePort', () => {
  it('keeps the preferred port when it is free', async () => {
    const port = await randomFreePort();
    expect(await choosePort(port)).toBe(port);
  });

  it('picks another port when the preferred one is taken', async () => {
    const taken = await occupy();
    expect(await isPortFree(taken)).toBe(false);
    const port = await choosePort(taken);
    expect(port).not.toBe(taken);
    expect(await isPortFree(port)).toBe(true);
  });

  it('replaces a preferred port outside 1–65535 (a portBase too high)', async () => {
    expect(await isPortFree(65_600)).toBe(false);
    const port = await choosePort(65_600);
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThanOrEqual(65_535);
  });

  it('never returns a port promised to another part', async () => {
    const promised = await randomFreePort();
    const port = await choosePort(promised, { avoid: [promised] });
    expect(port).not.toBe(promised);
  });
});

describe('planPorts', () => {
  it('uses the ports of docs/platform.md by default', () => {
    const ports = planPorts();
    expect(ports.gateway).toBe(8080);
    expect(ports.services.identity).toBe(8101);
    expect(ports.services.register).toBe(8102);
    expect(ports.services.contact).toBe(8108);
  });

  it('shifts every port with portBase, so a second system runs beside the first', () => {
    const ports = planPorts({ portBase: 18080 });
    expect(ports.gateway).toBe(18080);
    expect(ports.services.identity).toBe(18101);
    expect(ports.services.register).toBe(18102);
  });

  it('lets PORT choose the gateway port alone', () => {
    const ports = planPorts({ gatewayPort: 9000 });
    expect(ports.gateway).toBe(9000);
    expect(ports.services.identity).toBe(8101);
  });
});
