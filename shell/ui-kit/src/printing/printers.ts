/**
 * The stall's printers as this device knows them, per register (docs/printing.md §2): a printer is
 * reached by the print relay on the network (port 9100) or straight from the browser over USB, a
 * serial port or Bluetooth, so its address belongs to the device, not to the server. Kept in local
 * storage under `imprimantes:<register>`.
 */

/** How the register reaches a printer. */
export type PrinterConnection = 'reseau' | 'usb' | 'serie' | 'bluetooth';

/** The printer's command language: ESC/POS (Epson and most others) or StarPRNT (Star). */
export type PrinterLanguage = 'esc-pos' | 'star-prnt';

export interface Printer {
  id: string;
  name: string;
  connection: PrinterConnection;
  /** « 192.168.1.50 » or « 192.168.1.50:9100 » for the network; empty for a device paired in the browser. */
  address: string;
  /** Paper width: 58 mm prints 32 columns, 80 mm prints 48. */
  widthMm: 58 | 80;
  language: PrinterLanguage;
}

export interface PrinterSettings {
  printers: Printer[];
  /** Category id → printer id: a kitchen ticket per category goes to its stand's printer. */
  kitchen: Record<string, string>;
  /** The printer of the receipts and the Z report, whose drawer opens on a cash sale. */
  receiptPrinterId: string | null;
  /** Whether a cash drawer hangs on the receipt printer. */
  drawer: boolean;
  /** The print relay on the stall's laptop and its token (docs/printing.md §3). */
  relayUrl: string;
  relayToken: string;
}

export const CONNECTION_LABELS: Record<PrinterConnection, string> = {
  reseau: 'Réseau (relais d’impression)',
  usb: 'USB (navigateur)',
  serie: 'Port série (navigateur)',
  bluetooth: 'Bluetooth (navigateur)',
};

export const DEFAULT_RELAY_URL = 'http://localhost:9101';

export function emptySettings(): PrinterSettings {
  return { printers: [], kitchen: {}, receiptPrinterId: null, drawer: false, relayUrl: DEFAULT_RELAY_URL, relayToken: '' };
}

/** 58 mm paper holds 32 characters a line in the standard font, 80 mm holds 48. */
export function columnsOf(printer: Pick<Printer, 'widthMm'>): number {
  return printer.widthMm === 58 ? 32 : 48;
}

export function settingsKey(checkoutId: number): string {
  return `imprimantes:${checkoutId}`;
}

/** The printers of this register on this device; none when nothing was set (or the storage is unreadable). */
export function loadPrinterSettings(checkoutId: number, storage: Storage | undefined = globalThis.localStorage): PrinterSettings {
  try {
    const raw = storage?.getItem(settingsKey(checkoutId));
    if (!raw) return emptySettings();
    return { ...emptySettings(), ...(JSON.parse(raw) as Partial<PrinterSettings>) };
  } catch {
    return emptySettings();
  }
}

export function savePrinterSettings(checkoutId: number, settings: PrinterSettings, storage: Storage = globalThis.localStorage): void {
  storage.setItem(settingsKey(checkoutId), JSON.stringify(settings));
}

export function printerById(settings: PrinterSettings, id: string | null | undefined): Printer | undefined {
  return id ? settings.printers.find((printer) => printer.id === id) : undefined;
}

/** A printer set on this device for one of its registers. */
export interface DevicePrinter {
  checkoutId: number;
  printer: Printer;
}

/**
 * Every printer this device knows, whatever register it was set for (docs/printing.md §4): the loto's
 * cartons and the pre-sold tickets print on the stall's printers through that register's queue, so
 * a failed job shows in its « Impressions » too.
 */
export function devicePrinters(storage: Storage | undefined = globalThis.localStorage): DevicePrinter[] {
  const found: DevicePrinter[] = [];
  try {
    for (let index = 0; index < (storage?.length ?? 0); index++) {
      const match = /^imprimantes:(\d+)$/.exec(storage?.key(index) ?? '');
      if (!match) continue;
      const checkoutId = Number(match[1]);
      for (const printer of loadPrinterSettings(checkoutId, storage).printers) found.push({ checkoutId, printer });
    }
  } catch {
    // An unreadable storage: no printer, the browser's dialog stays.
  }
  return found.sort((a, b) => a.checkoutId - b.checkoutId || a.printer.name.localeCompare(b.printer.name, 'fr'));
}
