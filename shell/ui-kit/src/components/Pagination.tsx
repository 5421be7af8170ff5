/**
 * The one pagination of Kermesse's long lists (bookings, sales, prizes; docs/spec.md §2 demo: 100 pages,
 * starting at page 5): « Précédent », the first and last pages, the pages around the current one,
 * « Suivant ». Buttons sized for fingers; the current page is announced (`aria-current`).
 */
export interface PaginationProps {
  /** Number of pages (≥ 1). */
  pageCount: number;
  /** Current page, from 1. */
  page: number;
  onPageChange(page: number): void;
  /** What is being paged, for screen readers (« Pagination des réservations »). */
  label?: string;
}

/** The page numbers to show, with `null` for a gap: 1 … 4 5 6 … 100. */
export function visiblePages(pageCount: number, page: number, around = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= around) pages.push(n);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

export function Pagination({ pageCount, page, onPageChange, label = 'Pagination' }: PaginationProps) {
  const current = Math.min(Math.max(1, page), Math.max(1, pageCount));
  return (
    <nav className="k-pagination" aria-label={label}>
      <button type="button" className="k-button k-button--secondary" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
        Précédent
      </button>
      <ul>
        {visiblePages(pageCount, current).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="k-pagination__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className={n === current ? 'k-button k-button--primary' : 'k-button k-button--ghost'}
                aria-current={n === current ? 'page' : undefined}
                aria-label={`Page ${n}`}
                onClick={() => onPageChange(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="k-button k-button--secondary"
        disabled={current >= pageCount}
        onClick={() => onPageChange(current + 1)}
      >
        Suivant
      </button>
    </nav>
  );
}
