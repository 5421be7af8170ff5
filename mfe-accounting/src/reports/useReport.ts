import { useEffect, useState } from 'react';

/** Loads a report for a year; `null` while loading, an error message when it failed. */
export function useReport<T>(year: number | null, load: (year: number) => Promise<T>): { data: T | null; error: string | null } {
  const [state, setState] = useState<{ year: number | null; data: T | null; error: string | null }>({ year: null, data: null, error: null });
  useEffect(() => {
    if (year === null) return;
    let cancelled = false;
    setState({ year, data: null, error: null });
    load(year).then(
      (data) => { if (!cancelled) setState({ year, data, error: null }); },
      () => { if (!cancelled) setState({ year, data: null, error: 'Erreur lors de la récupération des données' }); },
    );
    return () => { cancelled = true; };
    // `load` is a stable module function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [year]);
  return { data: state.year === year ? state.data : null, error: state.year === year ? state.error : null };
}
