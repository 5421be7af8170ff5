/**
 * Reads a barcode or a QR code with the device's camera through the browser's BarcodeDetector
 * (Chrome and Edge on Android, ChromeOS, macOS; docs/gate.md §5). Where the browser has none, the
 * screens do not offer the camera: a keyboard-wedge scanner or the typed code does the job.
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

/** Whether this browser can read codes with its camera. */
export const cameraScanAvailable = (): boolean => Boolean(detectorClass() && navigator.mediaDevices?.getUserMedia);

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
    const Detector = detectorClass();
    if (!Detector) {
      setError('Ce navigateur ne lit pas les codes avec la caméra : utilisez une douchette ou tapez le code.');
      return undefined;
    }
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: formatKey.split(',') });
    const look = async () => {
      if (stopped || !video.current) return;
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
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        void look();
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
