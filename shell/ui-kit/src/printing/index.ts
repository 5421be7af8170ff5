/**
 * The thermal printing every front end shares (docs/printing.md): the printers of this device, the
 * print queue kept in IndexedDB, the relay and browser transports, the print documents. The encoder
 * is not exported here: the queue loads it as a part of its own (`@kermesse/ui-kit/printing/encode`).
 */
export * from './documents';
export * from './printers';
export * from './printQueue';
export * from './transports';
export { usePrintQueue } from './usePrintQueue';
export { ThermalPrint } from './ThermalPrint';
export type { ThermalPrintProps } from './ThermalPrint';
