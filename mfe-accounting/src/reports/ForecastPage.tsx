import { ErrorLine } from '@kermesse/ui-kit';
import { periodLabel } from '@kermesse/contracts-accounting';
import { accountingApi, downloads } from '../api/accountingApi';
import { LayoutTable } from '../components/LayoutTable';
import { ReportActions } from '../components/ReportActions';
import { YearPicker } from '../components/YearPicker';
import { useReportYear } from '../components/useYears';
import { useReport } from './useReport';

/**
 * docs/spec.md §2 the forecast (prévisionnel) of a financial year, laid out like the Bilan; rows whose
 * solde is 0 are hidden. It reads the year's budget (a trial balance marked « Budget
 * prévisionnel »), or last year's figures when there is none.
 */
export function ForecastPage() {
  const { year, years, setYear } = useReportYear('newest');
  const { data, error } = useReport(year, accountingApi.getForecast);
  const rows = data?.filter((row) => row.solde !== 0) ?? null;
  return (
    <section className="k-page acc-page acc-report" aria-labelledby="forecast-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="forecast-title">Prévisionnel {year ?? ''}</h1>
          {year !== null && <p className="acc-subtitle">{periodLabel(year)}</p>}
        </div>
        {year !== null && <YearPicker years={years} value={year} onChange={setYear} />}
      </header>
      {year !== null && (
        <p className="k-hint k-no-print">
          Établi d'après la balance « Budget prévisionnel » de l'exercice, ou à défaut d'après les comptes de l'exercice précédent.
        </p>
      )}
      {year !== null && <ReportActions csvPath={downloads.forecast(year)} />}
      {error ? (
        <ErrorLine>{error}</ErrorLine>
      ) : !rows ? (
        <p className="k-loading">Chargement…</p>
      ) : rows.length === 0 ? (
        <p className="k-card k-empty">Aucun prévisionnel pour cet exercice : ajoutez une balance de l'exercice avec les montants prévus.</p>
      ) : (
        <LayoutTable rows={rows} caption={`Prévisionnel ${year}`} />
      )}
    </section>
  );
}
