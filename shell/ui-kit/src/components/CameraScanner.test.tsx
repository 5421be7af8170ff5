/**
 * The camera reader (docs/gate.md §3, §5) with a stand-in camera and BarcodeDetector: the code in
 * view reaches the screen, the camera is let go when the dialog closes, a refused camera says so in
 * French, and a browser without a detector is offered the polyfill. Its decoding in Chromium:
 * e2e/camera-fallback.e2e.ts.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraScanner, cameraScanAvailable } from './CameraScanner';

const stop = vi.fn();

function fakeCamera({ refuse = false, code = 'KRM1.abc.def' } = {}) {
  const formats: string[][] = [];
  class FakeDetector {
    constructor(options: { formats: string[] }) {
      formats.push(options.formats);
    }
    detect = () => Promise.resolve([{ rawValue: code }]);
  }
  vi.stubGlobal('BarcodeDetector', FakeDetector);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: () => (refuse ? Promise.reject(new Error('NotAllowedError')) : Promise.resolve({ getTracks: () => [{ stop }] })),
    },
  });
  // jsdom plays no video: the frame is there at once.
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  return formats;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stop.mockClear();
});

describe('the camera reader', () => {
  it('hands the code in view to the screen, asks the detector for QR codes only, and lets the camera go on closing', async () => {
    const formats = fakeCamera();
    expect(cameraScanAvailable()).toBe(true);
    const onCode = vi.fn();
    const { unmount } = render(<CameraScanner title="Scanner un billet" formats={['qr_code']} onCode={onCode} onClose={() => undefined} />);
    await vi.waitFor(() => expect(onCode).toHaveBeenCalledWith('KRM1.abc.def'));
    expect(formats).toEqual([['qr_code']]);
    expect(screen.getByRole('dialog', { name: 'Scanner un billet' })).toBeTruthy();
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('says in French when the camera is refused', async () => {
    fakeCamera({ refuse: true });
    await act(async () => {
      render(<CameraScanner title="Scanner un produit" formats={['ean_13']} onCode={() => undefined} onClose={() => undefined} />);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "La caméra n'est pas accessible : autorisez-la dans le navigateur, ou tapez le code.",
    );
  });

  it('is offered by a browser without BarcodeDetector that runs WebAssembly (the polyfill), not by one without either', () => {
    fakeCamera();
    vi.stubGlobal('BarcodeDetector', undefined);
    expect(cameraScanAvailable()).toBe(true);
    vi.stubGlobal('WebAssembly', undefined);
    expect(cameraScanAvailable()).toBe(false);
  });
});
