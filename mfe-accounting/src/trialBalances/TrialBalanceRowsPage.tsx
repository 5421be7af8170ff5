import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Banner, Button, ErrorLine, formatEuros, Spinner } from '@kermesse/ui-kit';
import { ACCOUNTING_MESSAGES, type TrialBalance, type TrialBalanceRow } from '@kermesse/contracts-accounting';
import { accountingApi, downloads } from '../api/accountingApi';
import { failureText } from '../components/messages';
import { ReportActions } from '../components/ReportActions';

/** docs/spec.md §2 the row viewer of a trial balance, with « Importer » (account code, debit, credit, balance). */
export function TrialBalanceRowsPage({ base }: { base: string }) {
  const id = Number(useParams().id);
  const [trialBalance, setTrialBalance] = useState<TrialBalance | null>(null);
  const [rows, setRows] = useState<TrialBalanceRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const load = useCallback(() => {
    Promise.all([accountingApi.getTrialBalance(id), accountingApi.getRows(id)]).then(
      ([answer, loaded]) => {
        setTrialBalance(answer.trialBalance);
        setRows(loaded);
      },
      () => setError(ACCOUNTING_MESSAGES.LOAD_FAILED),
    );
  }, [id]);
  useEffect(load, [load]);

  const handleImport = async () => {
    setImporting(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await accountingApi.importRows(id);
      if (typeof answer?.created !== 'number') setError(ACCOUNTING_MESSAGES.IMPORT_UNEXPECTED);
      else setNotice(`Import effectué : ${answer.created} ligne${answer.created > 1 ? 's' : ''} importée${answer.created > 1 ? 's' : ''}.`);
      load();
    } catch (failure) {
      setError(failureText(ACCOUNTING_MESSAGES.IMPORT_FAILED, failure));
    } finally {
      setImporting(false);
    }
  };

  return (
    <section className="k-page acc-page" aria-labelledby="rows-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="rows-title">Lignes de la balance n°{id}</h1>
          {trialBalance && (
            <p className="acc-subtitle">
              Exercice {trialBalance.financial_year}
              {trialBalance.locked ? ' — verrouillée' : ''}
            </p>
          )}
        </div>
        <Button onClick={handleImport} disabled={importing || !trialBalance || trialBalance.locked}>
          Importer
        </Button>
      </header>
      <p className="k-no-print">
        <Link to={base}>← Toutes les balances</Link> · <Link to={`${base}/balances/${id}/rapport`}>Rapport de la balance</Link>
      </p>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && (
        <ErrorLine>
          <span className="acc-multiline">{error}</span>
        </ErrorLine>
      )}
      {rows && <ReportActions csvPath={downloads.rows(id)} />}
      {!rows && !error ? (
        <Spinner />
      ) : rows && rows.length === 0 ? (
        <p className="k-card k-empty">Aucune ligne : cliquez sur « Importer » pour lire les données CSV de la balance.</p>
      ) : (
        rows && (
          <div className="k-table-wrap">
            <table className="k-table acc-table">
              <thead>
                <tr>
                  <th scope="col">Compte</th>
                  <th scope="col" className="k-num">
                    Débit
                  </th>
                  <th scope="col" className="k-num">
                    Crédit
                  </th>
                  <th scope="col" className="k-num">
                    Solde
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.accountCode}>
                    <td>
                      <strong>{row.accountCode}</strong> <span className="k-muted">{row.accountLabel}</span>
                    </td>
                    <td className="k-num">{formatEuros(row.debit)}</td>
                    <td className="k-num">{formatEuros(row.credit)}</td>
                    <td className="k-num">{formatEuros(row.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
    </section>
  );
}
