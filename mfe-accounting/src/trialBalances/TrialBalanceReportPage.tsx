import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorLine, formatEuros } from '@kermesse/ui-kit';
import { ACCOUNTING_MESSAGES, layoutTrialBalance, periodLabel, type TrialBalanceRow } from '@kermesse/contracts-accounting';
import { accountingApi, downloads } from '../api/accountingApi';
import { ReportActions } from '../components/ReportActions';
import { LayoutRows } from '../components/LayoutTable';

/**
 * docs/spec.md §2 the report of one trial balance: its title, the period of the financial year of its first
 * row, DEPENSES, RECETTES and Solde laid out by docs/spec.md §9, footers « TOTAUX DEPENSE », « TOTAUX
 * RECETTE » and the difference.
 */
export function TrialBalanceReportPage({ base }: { base: string }) {
  const id = Number(useParams().id);
  const [rows, setRows] = useState<TrialBalanceRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    accountingApi.getRows(id).then(setRows, () => setError(ACCOUNTING_MESSAGES.LOAD_FAILED));
  }, [id]);

  const year = rows?.[0]?.financial_year;
  const layout = rows ? layoutTrialBalance(rows) : null;
  return (
    <section className="k-page acc-page acc-report" aria-labelledby="report-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="report-title">Rapport de la balance n°{id}</h1>
          {year !== undefined && <p className="acc-subtitle">{periodLabel(year)}</p>}
        </div>
      </header>
      <p className="k-no-print">
        <Link to={`${base}/balances/${id}`}>← Lignes de la balance</Link>
      </p>
      <ReportActions csvPath={downloads.rows(id)} />
      {error ? (
        <ErrorLine>{error}</ErrorLine>
      ) : !layout ? (
        <p className="k-loading">Chargement…</p>
      ) : layout.rows.length === 0 ? (
        <p className="k-card k-empty">Cette balance n'a pas encore de lignes de charges ni de produits : importez-la d'abord.</p>
      ) : (
        <div className="k-table-wrap">
          <table className="k-table acc-table acc-layout">
            <thead>
              <tr>
                <th scope="col" colSpan={2}>
                  DEPENSES
                </th>
                <th scope="col" colSpan={2}>
                  RECETTES
                </th>
                <th scope="col" className="k-num">
                  Solde
                </th>
              </tr>
            </thead>
            <LayoutRows rows={layout.rows} />
            <tfoot>
              <tr>
                <th scope="row">TOTAUX DEPENSE</th>
                <td className="k-num">{formatEuros(layout.totals.depenses)}</td>
                <th scope="row">TOTAUX RECETTE</th>
                <td className="k-num">{formatEuros(layout.totals.recettes)}</td>
                <td className="k-num" aria-label="Différence" data-label="Solde">
                  {formatEuros(layout.totals.solde)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
