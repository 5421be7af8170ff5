/**
 * How a print job's bytes reach its printer (docs/printing.md §2, §3): through the print relay for a
 * network printer, or straight from the browser over WebUSB, Web Serial or Web Bluetooth with the
 * @point-of-sale printer packages. A failure throws with a French message the cashier reads beside
 * the job; it never touches the sale.
 */
import type { Printer, PrinterSettings } from './printers';

export type SendBytes = (bytes: Uint8Array, job: { id: string; printer: Printer }) => Promise<void>;

export const RELAY_UNREACHABLE = (url: string) =>
  `Relais d’impression injoignable (${url}) : lancez « npm run print-relay » sur l’ordinateur du stand et vérifiez son adresse dans « Imprimantes ».`;

/** Sends through the relay: `POST {relay}/imprimer?imprimante=…` with the job's id, printed once by the relay. */
export async function sendThroughRelay(
  bytes: Uint8Array,
  job: { id: string; printer: Printer },
  relay: Pick<PrinterSettings, 'relayUrl' | 'relayToken'>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  if (!job.printer.address.trim()) throw new Error(`Adresse de l’imprimante « ${job.printer.name} » manquante.`);
  const base = relay.relayUrl.replace(/\/+$/, '');
  let answer: Response;
  try {
    answer = await fetchImpl(`${base}/imprimer?imprimante=${encodeURIComponent(job.printer.address.trim())}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${relay.relayToken}`, 'X-Travail': job.id, 'Content-Type': 'application/octet-stream' },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  } catch {
    throw new Error(RELAY_UNREACHABLE(base));
  }
  if (answer.ok) return;
  const body = (await answer.json().catch(() => null)) as { error?: string } | null;
  throw new Error(body?.error ?? `Le relais d’impression a répondu ${answer.status}.`);
}

type BrowserConnection = Exclude<Printer['connection'], 'reseau'>;

const BROWSER_APIS: Record<BrowserConnection, { available: () => boolean; label: string }> = {
  usb: { available: () => typeof navigator !== 'undefined' && 'usb' in navigator, label: 'WebUSB' },
  serie: { available: () => typeof navigator !== 'undefined' && 'serial' in navigator, label: 'Web Serial' },
  bluetooth: { available: () => typeof navigator !== 'undefined' && 'bluetooth' in navigator, label: 'Web Bluetooth' },
};

/** Whether this browser can reach a printer over `connection` (Chrome and Edge on a computer, not Safari). */
export function browserSupports(connection: Printer['connection']): boolean {
  return connection === 'reseau' || BROWSER_APIS[connection].available();
}

export function unsupportedMessage(connection: BrowserConnection): string {
  return `Ce navigateur ne connaît pas ${BROWSER_APIS[connection].label} : utilisez Chrome ou Edge, ou une imprimante réseau.`;
}

const connected = new Map<string, PointOfSaleBrowserPrinter>();
const deviceKey = (printerId: string) => `imprimante-appareil:${printerId}`;

async function instanceFor(connection: BrowserConnection): Promise<PointOfSaleBrowserPrinter> {
  // Loaded only when a browser printer is used: the sales screen does not carry them otherwise.
  return (await import('./browserDevices')).createBrowserPrinter(connection);
}

function watch(printer: Printer, instance: PointOfSaleBrowserPrinter): Promise<boolean> {
  return new Promise((resolve) => {
    instance.addEventListener('connected', (device) => {
      connected.set(printer.id, instance);
      localStorage.setItem(deviceKey(printer.id), JSON.stringify(device));
      resolve(true);
    });
    instance.addEventListener('disconnected', () => connected.delete(printer.id));
  });
}

/** « Connecter »: asks the browser for the device (must run in the click's handler). Resolves false when nothing was chosen. */
export async function connectBrowserPrinter(printer: Printer): Promise<boolean> {
  if (printer.connection === 'reseau') return true;
  if (!BROWSER_APIS[printer.connection].available()) throw new Error(unsupportedMessage(printer.connection));
  const instance = await instanceFor(printer.connection);
  const done = watch(printer, instance);
  await instance.connect();
  return Promise.race([done, new Promise<boolean>((resolve) => setTimeout(() => resolve(connected.has(printer.id)), 1000))]);
}

async function reconnect(printer: Printer & { connection: BrowserConnection }): Promise<PointOfSaleBrowserPrinter | undefined> {
  const saved = localStorage.getItem(deviceKey(printer.id));
  if (!saved || !BROWSER_APIS[printer.connection].available()) return undefined;
  const instance = await instanceFor(printer.connection);
  const done = watch(printer, instance);
  await instance.reconnect(JSON.parse(saved) as PointOfSaleDevice);
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 1000))]);
  return connected.get(printer.id);
}

export function isBrowserPrinterConnected(printerId: string): boolean {
  return connected.has(printerId);
}

/** Sends to a printer paired in the browser; one paired before a reload is reconnected without a click. */
export async function sendToBrowserPrinter(bytes: Uint8Array, printer: Printer): Promise<void> {
  if (printer.connection === 'reseau') throw new Error('Imprimante réseau : passez par le relais.');
  if (!BROWSER_APIS[printer.connection].available()) throw new Error(unsupportedMessage(printer.connection));
  const instance = connected.get(printer.id) ?? (await reconnect({ ...printer, connection: printer.connection }));
  if (!instance) throw new Error(`Imprimante « ${printer.name} » non connectée : « Connecter » dans « Imprimantes ».`);
  await instance.print(bytes);
}

/** The sender for this register's settings: the relay for network printers, the browser for the others. */
export function senderFor(settings: Pick<PrinterSettings, 'relayUrl' | 'relayToken'>): SendBytes {
  return (bytes, job) =>
    job.printer.connection === 'reseau' ? sendThroughRelay(bytes, job, settings) : sendToBrowserPrinter(bytes, job.printer);
}
