import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useResource } from '@kermesse/ui-kit';
import { accountingApi } from '../api/accountingApi';
import { currentYear } from './messages';

/** The years the books know (trial balances, journal, closings), newest first. */
export function useYears(): number[] {
  const { data, error } = useResource(() => accountingApi.listYears(), []);
  return useMemo(() => (data ? data.financialYears.map((y) => y.year) : error ? [currentYear()] : []), [data, error]);
}

/** A year to start a report on: last year when the books have it, else the newest they have. */
export function defaultYear(years: number[]): number {
  const last = currentYear() - 1;
  if (years.includes(last)) return last;
  return years[0] ?? currentYear();
}

/** The year a report shows, kept in the address (`?exercice=2025`) so it can be bookmarked and printed again. */
export function useReportYear(prefer: 'last' | 'newest' = 'last'): {
  year: number | null;
  years: number[];
  setYear: (year: number) => void;
} {
  const years = useYears();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('exercice'));
  const year = asked >= 1900 && asked <= 2999 ? asked : years.length ? (prefer === 'newest' ? years[0]! : defaultYear(years)) : null;
  return { year, years, setYear: (value) => setParams({ exercice: String(value) }) };
}
