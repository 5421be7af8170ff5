/**
 * A network receipt printer for tests: a TCP server on 127.0.0.1 that takes raw print jobs the way a
 * printer's port 9100 does (one connection, the bytes, the sender closes) and records each job's
 * bytes so a test decodes them back. `nextJob()` waits for the next one instead of sleeping.
 */
import { createServer, type Server } from 'node:net';

export interface FakeNetworkPrinter {
  /** « 127.0.0.1:PORT », as typed in the register's printer settings. */
  address: string;
  port: number;
  jobs: Uint8Array[];
  /** The next job received (or already received and not yet taken). */
  nextJob(timeoutMs?: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function startFakeNetworkPrinter(): Promise<FakeNetworkPrinter> {
  const jobs: Uint8Array[] = [];
  let taken = 0;
  const waiting: Array<() => void> = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      jobs.push(new Uint8Array(Buffer.concat(chunks)));
      socket.end();
      for (const wake of waiting.splice(0)) wake();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  const nextJob = async (timeoutMs = 10_000): Promise<Uint8Array> => {
    const deadline = Date.now() + timeoutMs;
    while (taken >= jobs.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Aucun travail reçu par l’imprimante de test en ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return jobs[taken++] as Uint8Array;
  };

  return {
    address: `127.0.0.1:${port}`,
    port,
    jobs,
    nextJob,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
