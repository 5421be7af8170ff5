import { ErrorLine, formatEuros } from '@kermesse/ui-kit';
import { periodLabel } from '@kermesse/contracts-accounting';
import { toCents } from '@kermesse/contracts-common';
import { accountingApi, downloads } from '../api/accountingApi';
import { ReportActions } from '../components/ReportActions';
import { YearPicker } from '../components/YearPicker';
import { useReportYear } from '../components/useYears';
import { useReport } from './useReport';

/** « Disponibilités » (docs/spec.md §2): the treasury accounts, their balance and the total. */
export function AvailabilityPage() {
  const { year, years, setYear } = useReportYear();
  const { data: rows, error } = useReport(year, accountingApi.getAvailability);
  const totalCents = rows?.reduce((sum, row) => sum + toCents(row.balance), 0) ?? 0;
  return (
    <section className="k-page acc-page acc-report" aria-labelledby="dispo-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="dispo-title">Disponibilités</h1>
          {year !== null && <p className="acc-subtitle">{periodLabel(year)}</p>}
        </div>
        {year !== null && <YearPicker years={years} value={year} onChange={setYear} />}
      </header>
      {year !== null && <ReportActions csvPath={downloads.availability(year)} />}
      {error ? (
        <ErrorLine>{error}</ErrorLine>
      ) : !rows ? (
        <p className="k-loading">Chargement…</p>
      ) : (
        <div className="k-table-wrap">
          <table className="k-table acc-table">
            <thead>
              <tr>
                <th scope="col">Compte</th>
                <th scope="col" className="k-num">
                  Solde
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.accountCode}>
                  <td>
                    {row.accountLabel} ({row.accountCode})
                  </td>
                  <td className="k-num">{formatEuros(row.balance)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="k-num">{formatEuros({ cents: totalCents })}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
