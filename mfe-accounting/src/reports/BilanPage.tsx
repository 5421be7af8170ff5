import { ErrorLine } from '@kermesse/ui-kit';
import { periodLabel } from '@kermesse/contracts-accounting';
import { accountingApi, downloads } from '../api/accountingApi';
import { LayoutTable } from '../components/LayoutTable';
import { ReportActions } from '../components/ReportActions';
import { YearPicker } from '../components/YearPicker';
import { useReportYear } from '../components/useYears';
import { useReport } from './useReport';

/** docs/spec.md §2 « Bilan des comptes » of a financial year (rows whose solde is 0 are dropped by the server). */
export function BilanPage() {
  const { year, years, setYear } = useReportYear();
  const { data: rows, error } = useReport(year, accountingApi.getBilan);
  return (
    <section className="k-page acc-page acc-report" aria-labelledby="bilan-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="bilan-title">Bilan des comptes</h1>
          {year !== null && <p className="acc-subtitle">{periodLabel(year)}</p>}
        </div>
        {year !== null && <YearPicker years={years} value={year} onChange={setYear} />}
      </header>
      {year !== null && <ReportActions csvPath={downloads.bilan(year)} />}
      {error ? (
        <ErrorLine>{error}</ErrorLine>
      ) : !rows ? (
        <p className="k-loading">Chargement…</p>
      ) : rows.length === 0 ? (
        <p className="k-card k-empty">Aucune balance importée pour cet exercice : importez-en une ou générez-la depuis le journal.</p>
      ) : (
        <LayoutTable rows={rows} caption={`Bilan des comptes ${year}`} />
      )}
    </section>
  );
}
