import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Banner, Button, ErrorLine, formatDate, formatEuros } from '@kermesse/ui-kit';
import { periodLabel, type FinancialYear, type JournalAnswer, type JournalVerification } from '@kermesse/contracts-accounting';
import { accountingApi, downloadFile, downloads } from '../api/accountingApi';
import { currentYear, failureText } from '../components/messages';
import { ReportActions } from '../components/ReportActions';
import { YearPicker } from '../components/YearPicker';
import { AccountMapCard } from './AccountMapCard';

/**
 * The journal the sales write by themselves: its entries for a year, the check of its hash chain,
 * « Générer la balance », the FEC export and the closing of the year.
 */
export function BooksPage({ base }: { base: string }) {
  const [years, setYears] = useState<FinancialYear[]>([]);
  const [year, setYear] = useState(currentYear());
  const [journal, setJournal] = useState<JournalAnswer | null>(null);
  const [verification, setVerification] = useState<JournalVerification | null>(null);
  const [notice, setNotice] = useState<{ text: string; link?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setJournal(null);
    Promise.all([accountingApi.listYears(), accountingApi.getJournal(year), accountingApi.verifyJournal()]).then(
      ([list, entries, check]) => {
        setYears(list.financialYears);
        setJournal(entries);
        setVerification(check);
      },
      () => setError('Erreur lors de la récupération des données'),
    );
  }, [year]);
  useEffect(load, [load]);

  const current = years.find((y) => y.year === year);
  const locked = current?.locked ?? false;

  const handleGenerate = async () => {
    setError(null);
    setNotice(null);
    try {
      const answer = await accountingApi.generateTrialBalance(year);
      setNotice({
        text: `Balance ${year} générée depuis le journal : ${answer.created} compte${answer.created > 1 ? 's' : ''}. Le Bilan des comptes et les Disponibilités de ${year} la lisent désormais.`,
        link: `${base}/balances/${answer.trialBalance.id}`,
      });
      load();
    } catch (failure) {
      setError(failureText('Erreur lors de la génération de la balance', failure));
    }
  };

  const handleLock = async () => {
    if (
      !window.confirm(
        `Clôturer l'exercice ${year} ? Plus aucune écriture ni balance de ${year} ne pourra être ajoutée, modifiée ou supprimée.`,
      )
    )
      return;
    setError(null);
    setNotice(null);
    try {
      await accountingApi.lockYear(year);
      setNotice({ text: `Exercice ${year} clôturé.` });
      load();
    } catch (failure) {
      setError(failureText("Erreur lors de la clôture de l'exercice", failure));
    }
  };

  const handleFec = async () => {
    setError(null);
    try {
      await downloadFile(downloads.fec(year));
    } catch (failure) {
      setError(failureText('Erreur lors de l’export FEC', failure));
    }
  };

  return (
    <section className="k-page acc-page acc-report" aria-labelledby="journal-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="journal-title">
            Journal {year}
            {locked ? ' (clôturé)' : ''}
          </h1>
          <p className="acc-subtitle">{periodLabel(year)}</p>
        </div>
        <YearPicker years={years.map((y) => y.year)} value={year} onChange={setYear} />
      </header>
      {verification &&
        (verification.ok ? (
          <p className="acc-verified" id="journal-check">
            ✓ Journal intègre : {verification.entries} écriture{verification.entries > 1 ? 's' : ''} vérifiée
            {verification.entries > 1 ? 's' : ''} (chaînage des empreintes).
          </p>
        ) : (
          <ErrorLine id="journal-check">
            Journal altéré : l'écriture n°{verification.brokenAt?.number} de {verification.brokenAt?.year} ne correspond plus à son
            empreinte.
          </ErrorLine>
        ))}
      <ReportActions
        csvPath={downloads.journal(year)}
        extra={
          <>
            <Button variant="secondary" onClick={handleFec}>
              Exporter le FEC
            </Button>
            {/* A closed year takes no new balance and cannot be closed twice: its two buttons go. */}
            {!locked && (
              <>
                <Button onClick={handleGenerate}>Générer la balance</Button>
                <Button variant="danger" onClick={handleLock}>
                  Clôturer l'exercice {year}
                </Button>
              </>
            )}
          </>
        }
      />
      {current && current.unposted > 0 && (
        <p className="k-card acc-card" id="unposted">
          {current.unposted} vente{current.unposted > 1 ? 's' : ''} de {year} arrivée{current.unposted > 1 ? 's' : ''} après la clôture :
          mise{current.unposted > 1 ? 's' : ''} de côté, non inscrite{current.unposted > 1 ? 's' : ''} au journal.
        </p>
      )}
      {notice && (
        <Banner tone="success">
          {notice.text} {notice.link && <Link to={notice.link}>Voir la balance</Link>}
        </Banner>
      )}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!journal ? (
        <p className="k-loading">Chargement…</p>
      ) : journal.entries.length === 0 ? (
        <p className="k-card k-empty">Aucune écriture en {year} : les ventes de la caisse s'y inscrivent d'elles-mêmes.</p>
      ) : (
        // The entries scroll sideways inside this box on a phone: it takes the focus so a keyboard can scroll it too.
        <div className="k-table-wrap" tabIndex={0} role="region" aria-label={`Écritures du journal ${year}`}>
          <table className="k-table acc-table acc-journal">
            <thead>
              <tr>
                <th scope="col">N°</th>
                <th scope="col">Date</th>
                <th scope="col">Pièce</th>
                <th scope="col">Libellé</th>
                <th scope="col">Compte</th>
                <th scope="col" className="k-num">
                  Débit
                </th>
                <th scope="col" className="k-num">
                  Crédit
                </th>
              </tr>
            </thead>
            <tbody>
              {journal.entries.flatMap((entry) =>
                entry.lines.map((line, index) => (
                  <tr key={`${entry.number}-${index}`} className={index === 0 ? 'acc-entry-start' : undefined}>
                    <td>{index === 0 ? entry.number : ''}</td>
                    <td>{index === 0 ? formatDate(entry.date) : ''}</td>
                    <td>{index === 0 ? entry.pieceRef : ''}</td>
                    <td>{index === 0 ? entry.label : ''}</td>
                    <td>
                      {line.account} <span className="k-muted">{line.accountLabel}</span>
                    </td>
                    <td className="k-num">{line.debit ? formatEuros(line.debit) : ''}</td>
                    <td className="k-num">{line.credit ? formatEuros(line.credit) : ''}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
      <AccountMapCard />
    </section>
  );
}
