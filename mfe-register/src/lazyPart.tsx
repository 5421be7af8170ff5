/**
 * A part of the register that its first sale does not need (closing the till, past closings, the
 * sales on hold, the API token page, the refund search): in a chunk of its own, so a phone's first
 * visit downloads and compiles less before the register shows (first-visit LCP).
 *
 * Every part is fetched once the register has opened and the browser is idle (`preloadParts`), so
 * it is there — and in the offline cache — before a cashier asks for it; it then renders at once.
 * Asked before it arrived, it shows a spinner for that moment. Not `React.lazy`: behind a Suspense
 * boundary React would hold a part that had already arrived back for 300 ms.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { ErrorLine, Spinner } from '@kermesse/ui-kit';

export const PART_FAILED_MESSAGE = 'Cette partie de la caisse ne se charge pas : vérifiez la connexion, puis réessayez.';

export type LazyPart<P> = ComponentType<P> & { preload(): Promise<unknown> };

const parts: Array<LazyPart<never>> = [];

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));

  function Part(props: P) {
    const [, arrived] = useState(false);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && arrived(true),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    return failed ? <ErrorLine>{PART_FAILED_MESSAGE}</ErrorLine> : <Spinner />;
  }

  const part = Object.assign(Part, { preload });
  parts.push(part as LazyPart<never>);
  return part;
}

/** Fetches every part now (tests, and `preloadParts`); a part that fails is asked again when shown. */
export const loadParts = () => Promise.allSettled(parts.map((part) => part.preload()));

/** Fetches every part once the browser is idle, after the register's first screen. */
export function preloadParts(): void {
  const idle = (globalThis as { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(() => void loadParts(), { timeout: 3000 });
  else setTimeout(() => void loadParts(), 1000);
}
