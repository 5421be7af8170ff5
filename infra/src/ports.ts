import net from 'node:net';

/** True when nothing listens on host:port (we can bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  if (!Number.isInteger(port) || port < 1 || port > 65535) return Promise.resolve(false);
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS considers free right now. */
export function randomFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The preferred port when it is free, else one chosen by the OS. `avoid` lists ports already
 * promised to another part of the system (not listening yet, so the OS cannot know).
 */
export async function choosePort(preferred: number, options: { host?: string; avoid?: Iterable<number> } = {}): Promise<number> {
  const host = options.host ?? '127.0.0.1';
  const avoid = new Set(options.avoid ?? []);
  if (!avoid.has(preferred) && (await isPortFree(preferred, host))) return preferred;
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await randomFreePort(host);
    if (!avoid.has(port)) return port;
  }
  throw new Error(`No free port found on ${host}`);
}
