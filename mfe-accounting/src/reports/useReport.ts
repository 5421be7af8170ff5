import { useResource } from '@kermesse/ui-kit';

/** Loads a report for a year; `null` while loading, an error message when it failed. */
export function useReport<T>(year: number | null, load: (year: number) => Promise<T>): { data: T | null; error: string | null } {
  const { data, error } = useResource(year === null ? null : () => load(year), [year]);
  return { data: data ?? null, error: error ? 'Erreur lors de la récupération des données' : null };
}
