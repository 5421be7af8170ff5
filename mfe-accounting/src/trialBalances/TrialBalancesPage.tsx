import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Banner, Button, ErrorLine, Spinner } from '@kermesse/ui-kit';
import { ACCOUNTING_MESSAGES, type TrialBalance } from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { failureText } from '../components/messages';
import { TrialBalanceModal } from './TrialBalanceModal';

/** docs/spec.md §2 the trial-balance list with its add/edit modal; each line leads to its rows and its report. */
export function TrialBalancesPage({ base }: { base: string }) {
  const [list, setList] = useState<TrialBalance[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<TrialBalance | 'new' | null>(null);

  const load = useCallback(() => {
    accountingApi.listTrialBalances().then(
      (answer) => {
        setList(answer.trialBalances);
        setError(null);
      },
      () => setError(ACCOUNTING_MESSAGES.LOAD_FAILED),
    );
  }, []);
  useEffect(load, [load]);

  const handleEdit = async (id: number) => {
    setNotice(null);
    try {
      setEditing((await accountingApi.getTrialBalance(id)).trialBalance);
    } catch {
      setError(ACCOUNTING_MESSAGES.LOAD_FOR_EDIT_FAILED);
    }
  };

  const handleDelete = async (tb: TrialBalance) => {
    if (!window.confirm(`Supprimer la balance n°${tb.id} (exercice ${tb.financial_year}) et ses lignes ?`)) return;
    try {
      await accountingApi.deleteTrialBalance(tb.id);
      setNotice(`Balance n°${tb.id} supprimée.`);
      load();
    } catch (failure) {
      setError(failureText('Erreur lors de la suppression de la balance', failure));
    }
  };

  const handleSaved = (saved: TrialBalance) => {
    setEditing(null);
    setNotice(
      `Balance n°${saved.id} (exercice ${saved.financial_year}) enregistrée. Ouvrez ses lignes et cliquez sur « Importer » pour lire le fichier.`,
    );
    load();
  };

  return (
    <section className="k-page acc-page" aria-labelledby="tb-title">
      <header className="k-page-header acc-header">
        <h1 id="tb-title">Balances des comptes</h1>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          Ajouter une balance
        </Button>
      </header>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!list && !error ? (
        <Spinner />
      ) : list && list.length === 0 ? (
        <p className="k-card k-empty">
          Aucune balance : ajoutez celle que vous exportez de Paheko ou de votre tableur, ou générez-la depuis le journal.
        </p>
      ) : (
        list && (
          <div className="k-table-wrap">
            <table className="k-table k-table--stack acc-table">
              <thead>
                <tr>
                  <th scope="col">N°</th>
                  <th scope="col">Exercice</th>
                  <th scope="col">Origine</th>
                  <th scope="col" className="k-num">
                    Lignes
                  </th>
                  <th scope="col">État</th>
                  <th scope="col">
                    <span className="k-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((tb) => (
                  <tr key={tb.id}>
                    <td>{tb.id}</td>
                    <td>{tb.financial_year}</td>
                    <td>
                      {tb.forecast ? 'Budget prévisionnel' : tb.origin === 'journal' ? 'Générée depuis le journal' : 'Saisie ou importée'}
                    </td>
                    <td className="k-num">{tb.rows}</td>
                    <td>{tb.locked ? '🔒 Verrouillée' : tb.rows ? 'Importée' : 'À importer'}</td>
                    <td className="k-table__actions">
                      <div className="k-row-actions">
                        <Link
                          className="k-button k-button--secondary"
                          to={`${base}/balances/${tb.id}`}
                          aria-label={`Lignes de la balance n°${tb.id}`}
                        >
                          Lignes
                        </Link>
                        <Link
                          className="k-button k-button--secondary"
                          to={`${base}/balances/${tb.id}/rapport`}
                          aria-label={`Rapport de la balance n°${tb.id}`}
                        >
                          Rapport
                        </Link>
                        <Button variant="ghost" onClick={() => handleEdit(tb.id)} aria-label={`Modifier la balance n°${tb.id}`}>
                          Modifier
                        </Button>
                        <Button
                          variant="danger"
                          disabled={tb.locked}
                          onClick={() => handleDelete(tb)}
                          aria-label={`Supprimer la balance n°${tb.id}`}
                        >
                          Supprimer
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
      {editing && (
        <TrialBalanceModal trialBalance={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={handleSaved} />
      )}
    </section>
  );
}
