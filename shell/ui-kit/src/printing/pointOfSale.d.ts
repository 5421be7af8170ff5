/**
 * The browser printer packages of @point-of-sale ship JavaScript without types; what the register
 * uses of them (docs/printing.md §2): connect from a click, reconnect with what `connected` gave, print.
 */
interface PointOfSaleDevice {
  type: 'usb' | 'serial' | 'bluetooth';
  language?: string | null;
  codepageMapping?: string | null;
  [key: string]: unknown;
}

interface PointOfSaleBrowserPrinter {
  connect(): Promise<void>;
  reconnect(device: PointOfSaleDevice): Promise<void>;
  disconnect(): Promise<void>;
  print(bytes: Uint8Array): Promise<void>;
  addEventListener(event: 'connected', listener: (device: PointOfSaleDevice) => void): void;
  addEventListener(event: 'disconnected', listener: () => void): void;
}

declare module '@point-of-sale/webusb-receipt-printer' {
  const WebUSBReceiptPrinter: new () => PointOfSaleBrowserPrinter;
  export default WebUSBReceiptPrinter;
}
declare module '@point-of-sale/webserial-receipt-printer' {
  const WebSerialReceiptPrinter: new (options?: { baudRate?: number }) => PointOfSaleBrowserPrinter;
  export default WebSerialReceiptPrinter;
}
declare module '@point-of-sale/webbluetooth-receipt-printer' {
  const WebBluetoothReceiptPrinter: new () => PointOfSaleBrowserPrinter;
  export default WebBluetoothReceiptPrinter;
}
