/** Calendar days of the books: the association's days are those of France. */
const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** An instant ('2026-05-16T21:30:00Z') as the day it was in France ('2026-05-16'). */
export const dayInFrance = (instant: string | Date): string => parisDay.format(typeof instant === 'string' ? new Date(instant) : instant);

/** The financial year of a day (docs/spec.md §9: 1 January to 31 December). */
export const yearOf = (day: string): number => Number(day.slice(0, 4));
