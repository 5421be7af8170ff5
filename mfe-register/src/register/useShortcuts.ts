import { useEffect, useRef } from 'react';

/**
 * A document-wide keydown listener that always calls the latest `handler` (it reads the screen's
 * current state) without being added and removed on every render.
 */
export function useKeydown(handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
