/**
 * Reads a barcode or a QR code with the device's camera through the browser's BarcodeDetector
 * (Chrome and Edge on Android, ChromeOS, macOS; docs/gate.md §5). Where the browser has none
 * (Firefox, Safari before 17, Chrome on Windows and Linux), the ZXing WebAssembly polyfill is loaded
 * when the camera opens, from our own origin.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorClass | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** Whether this browser can read codes with its camera: a camera, and its own detector or WebAssembly for ours. */
export const cameraScanAvailable = (): boolean =>
  typeof navigator !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia) &&
  (Boolean(detectorClass()) || typeof WebAssembly === 'object');

/** The browser's own detector, else the polyfill (a part of its own, fetched only then). */
async function loadDetector(): Promise<BarcodeDetectorClass | undefined> {
  const native = detectorClass();
  if (native) return native;
  if (typeof WebAssembly !== 'object') return undefined;
  const { zxingBarcodeDetector } = await import('./zxingDetector');
  return zxingBarcodeDetector() as unknown as BarcodeDetectorClass;
}

export interface CameraScannerProps {
  title: string;
  /** BarcodeDetector formats: `['qr_code']`, `['ean_13', 'ean_8', 'upc_a']`… */
  formats: string[];
  /** The first code read; the dialog stays open until the caller closes it. */
  onCode: (code: string) => void;
  onClose: () => void;
}

export function CameraScanner({ title, formats, onCode, onClose }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;
  const formatKey = formats.join(',');

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let detector: BarcodeDetectorLike | undefined;
    const look = async () => {
      if (stopped || !video.current || !detector) return;
      try {
        const [found] = video.current.readyState >= 2 ? await detector.detect(video.current) : [];
        if (found?.rawValue && !stopped) {
          latest.current(found.rawValue);
          // The same code stays in view: wait before reading again.
          timer = setTimeout(() => void look(), 1500);
          return;
        }
      } catch {
        // A frame the detector could not read: the next one may.
      }
      timer = setTimeout(() => void look(), 150);
    };
    const unreadable = () => setError('Ce navigateur ne lit pas les codes avec la caméra : utilisez une douchette ou tapez le code.');
    loadDetector()
      .then((Detector) => {
        if (!Detector) return unreadable();
        detector = new Detector({ formats: formatKey.split(',') });
        void look();
      })
      .catch(unreadable);
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      })
      .catch(() => setError("La caméra n'est pas accessible : autorisez-la dans le navigateur, ou tapez le code."));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [formatKey]);

  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      {error ? (
        <p className="k-errors" role="alert">
          {error}
        </p>
      ) : (
        <video ref={video} className="k-camera" muted playsInline aria-label="Image de la caméra" />
      )}
    </Modal>
  );
}
