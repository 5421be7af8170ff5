/**
 * The @point-of-sale browser printer packages, in a part of their own: fetched only when a register
 * uses a USB, serial or Bluetooth printer (transports.ts imports this file lazily).
 */
import WebBluetoothReceiptPrinter from '@point-of-sale/webbluetooth-receipt-printer';
import WebSerialReceiptPrinter from '@point-of-sale/webserial-receipt-printer';
import WebUSBReceiptPrinter from '@point-of-sale/webusb-receipt-printer';

export function createBrowserPrinter(connection: 'usb' | 'serie' | 'bluetooth'): PointOfSaleBrowserPrinter {
  if (connection === 'usb') return new WebUSBReceiptPrinter();
  if (connection === 'serie') return new WebSerialReceiptPrinter();
  return new WebBluetoothReceiptPrinter();
}
