import { useResource } from '@kermesse/ui-kit';

/**
 * Loads something on mount, when `deps` change and on `reload()` (the kit's useResource: a late
 * answer for other inputs is dropped); the error is the server's French message.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; error: string | null; loading: boolean; reload: () => Promise<void> } {
  const { data, error, loading, reload } = useResource(() => load(), deps, { keepPreviousData: true });
  return { data, error: error ? (error instanceof Error ? error.message : String(error)) : null, loading, reload };
}

/** The French message of a failure. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : 'Une erreur inattendue est survenue');
