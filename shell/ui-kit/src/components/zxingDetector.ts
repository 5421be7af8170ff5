/**
 * The BarcodeDetector of browsers that have none (Firefox, Safari before 17, Chrome on Windows and
 * Linux): the maintained `barcode-detector` ponyfill, ZXing compiled to WebAssembly (docs/gate.md
 * §5). A part of its own, loaded only on such a browser when the camera opens. Its `.wasm` is a file
 * of our build, served from our own origin: the package would fetch it from a CDN, which the
 * Content-Security-Policy refuses and which an offline stall cannot reach.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm';

let prepared = false;

export function zxingBarcodeDetector(): typeof BarcodeDetector {
  if (!prepared) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(readerWasm, document.baseURI).href : prefix + path),
      },
    });
    prepared = true;
  }
  return BarcodeDetector;
}
