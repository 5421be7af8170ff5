import { useState } from 'react';
import { Pagination } from '@kermesse/ui-kit';

/** docs/spec.md §2's pagination demo: 100 pages, starting at page 5. */
export function PaginationDemoPage() {
  const [page, setPage] = useState(5);
  return (
    <section className="shell-page">
      <h1>Pagination</h1>
      <p aria-live="polite">Page {page} sur 100</p>
      <Pagination pageCount={100} page={page} onPageChange={setPage} label="Pagination de démonstration" />
    </section>
  );
}
