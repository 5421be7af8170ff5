/**
 * Listens for a keyboard-wedge scanner on the whole page while nothing editable has the focus (a
 * field that has it gets the code itself: the product search finds a product by its EAN). The Enter
 * that ends a scan is held back, so a product tile that had the focus is not pressed too.
 */
import { useEffect, useRef } from 'react';
import { createWedgeDetector } from './wedge';

const editable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useWedgeScanner(onScan: (code: string) => void, enabled = true): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return undefined;
    const detector = createWedgeDetector();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (editable(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
      const code = detector.key(event.key, event.timeStamp);
      if (code === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current(code);
    };
    window.addEventListener('keydown', handleKeyDown, true);
    return () => window.removeEventListener('keydown', handleKeyDown, true);
  }, [enabled]);
}
