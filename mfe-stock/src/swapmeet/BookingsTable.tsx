import { useState } from 'react';
import { formatDate, formatEuros, Pagination } from '@kermesse/ui-kit';
import type { Booking, BookingSummary } from '../api/swapmeetApi';

const metres = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** Rows per page of the bookings list (the UI kit's one pagination beyond that). */
export const BOOKINGS_PAGE_SIZE = 25;

/** A phone kept compact by the server (« 0612345678 ») shown in pairs (« 06 12 34 56 78 »). */
export function formatPhone(phone: string): string {
  if (/^0\d{9}$/.test(phone)) return phone.replace(/(\d{2})(?=\d)/g, '$1 ');
  const french = /^\+33(\d)(\d{8})$/.exec(phone);
  if (french) return `+33 ${french[1]} ${french[2]!.replace(/(\d{2})(?=\d)/g, '$1 ')}`;
  return phone;
}

/** docs/spec.md §3 swap-meet bookings with the summary (revenue, space, paid and unpaid) in the footer. */
export function BookingsTable({
  bookings,
  summary,
  total,
  caption,
}: {
  bookings: Booking[];
  summary: BookingSummary;
  total?: number;
  caption?: string;
}) {
  const count = total ?? bookings.length;
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(bookings.length / BOOKINGS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const first = (current - 1) * BOOKINGS_PAGE_SIZE;
  const shown = bookings.slice(first, first + BOOKINGS_PAGE_SIZE);
  return (
    <>
      <div className="k-table-wrap">
        <table className="k-table stk-table stk-bookings-table">
          {caption && <caption>{caption}</caption>}
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Téléphone</th>
              <th scope="col" className="k-num">
                Espace
              </th>
              <th scope="col" className="k-num">
                Montant
              </th>
              <th scope="col">Payé</th>
              <th scope="col">Date de réservation</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((b, index) => (
              <tr key={b.id ?? `ligne-${first + index}`}>
                <th scope="row">{b.name}</th>
                <td className="stk-nowrap">{formatPhone(b.phone)}</td>
                <td className="k-num">{metres.format(b.space_needed)} m</td>
                <td className="k-num">{formatEuros(Number(b.revenue))}</td>
                <td>
                  {b.is_payed ? <span className="k-badge k-badge--on">Oui</span> : <span className="k-badge k-badge--alert">Non</span>}
                </td>
                <td>{formatDate(b.date_booking)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {count} réservation{count > 1 ? 's' : ''}
                {count > bookings.length && <span className="k-muted"> ({bookings.length} affichées)</span>}
              </th>
              <td className="k-num">{metres.format(summary.total_space_reserved)} m</td>
              <td className="k-num">{formatEuros(Number(summary.total_revenue))}</td>
              <td colSpan={2}>
                {summary.paid_bookings} payée{summary.paid_bookings > 1 ? 's' : ''}, {summary.unpaid_bookings} non payée
                {summary.unpaid_bookings > 1 ? 's' : ''}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {pageCount > 1 && (
        <Pagination
          pageCount={pageCount}
          page={current}
          onPageChange={setPage}
          label={caption ? `Pagination : ${caption}` : 'Pagination des réservations'}
        />
      )}
    </>
  );
}
