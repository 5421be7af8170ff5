import { Fragment } from 'react';
import { Link } from 'react-router';

/** « Tombola › Grande tombola › Lots »: where the admin is, and the way back. */
export function Breadcrumbs({ items }: { items: Array<{ label: string; to?: string }> }) {
  return (
    <nav className="k-breadcrumbs k-no-print" aria-label="Fil d'Ariane">
      <Link to="/tombola">Tombola</Link>
      {items.map((item) => (
        <Fragment key={item.label}>
          <span aria-hidden="true"> › </span>
          {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
        </Fragment>
      ))}
    </nav>
  );
}
