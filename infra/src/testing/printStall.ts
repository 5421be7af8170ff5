/**
 * A stall's printing for front-end tests: the real print relay on 127.0.0.1 in front of a fake
 * network printer that records each job's bytes (docs/printing.md §3). `routeFetch` sends the
 * page's calls to the relay for real and every other call to the faked gateway.
 */
import type { AddressInfo } from 'node:net';
import { createPrintRelay } from '../printRelay.ts';
import { startFakeNetworkPrinter, type FakeNetworkPrinter } from './fakeNetworkPrinter.ts';

export interface PrintStall {
  printer: FakeNetworkPrinter;
  relayUrl: string;
  token: string;
  /** A fetch that reaches the relay with `real` and anything else with `gateway`. */
  routeFetch(real: typeof fetch, gateway: typeof fetch): typeof fetch;
  close(): Promise<void>;
}

export async function startPrintStall(token = 'jeton-du-stand'): Promise<PrintStall> {
  const printer = await startFakeNetworkPrinter();
  const relay = createPrintRelay({ token, printerPorts: [printer.port], timeoutMs: 5000 });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  return {
    printer,
    relayUrl,
    token,
    routeFetch: (real, gateway) => (input, init) => (String(input).startsWith(relayUrl) ? real(input, init) : gateway(input, init)),
    close: async () => {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await printer.close();
    },
  };
}
