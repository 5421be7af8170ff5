/** One raffle: its figures, the way to each screen, and the French-law panel. */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorLine, formatEuros, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type RaffleDetails } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { STATE_LABELS } from './HomePage';
import { LawPanel } from './LawPanel';

const ticketLabel = (nb: number) => (nb === 1 ? '1 ticket' : `${nb} tickets`);

export function RaffleDashboard() {
  const raffleId = Number(useParams().raffleId);
  const [raffle, setRaffle] = useState<RaffleDetails | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    raffleApi.getRaffle(raffleId).then(setRaffle, () => setFailed(true));
  }, [raffleId]);

  if (failed) return <ErrorLine>Erreur lors du chargement des données</ErrorLine>;
  if (!raffle) return <Spinner />;
  const base = `/tombola/${raffle.id}`;
  return (
    <>
      <Breadcrumbs items={[{ label: raffle.name }]} />
      <div className="rf-title-row">
        <div>
          <h1>{raffle.name}</h1>
          <p className="rf-lead">{raffle.eventName} · <span className={`rf-state rf-state--${raffle.state}`}>{STATE_LABELS[raffle.state]}</span></p>
        </div>
      </div>
      <dl className="rf-stats">
        <div className="k-card"><dt>Tickets vendus</dt><dd>{raffle.sold} / {raffle.tickets}</dd></div>
        <div className="k-card"><dt>Recettes des tickets</dt><dd>{formatEuros(raffle.revenue)}</dd></div>
        <div className="k-card">
          <dt>Prix des tickets</dt>
          <dd className="rf-stats__small">{raffle.price.length ? raffle.price.map((t) => `${ticketLabel(t.nb)} : ${formatEuros(t.p)}`).join(' · ') : '—'}</dd>
        </div>
      </dl>
      <div className="rf-with-aside">
        <ul className="rf-tiles">
          <li><Link className="rf-tile" to={`${base}/tarifs`}><strong>Prix des tickets</strong><span>Modifier les paires nombre de tickets / prix</span></Link></li>
          <li><Link className="rf-tile" to={`${base}/lots`}><strong>Lots</strong><span>Inventaire, corrections, illustrations</span></Link></li>
          <li><Link className="rf-tile" to={`${base}/lots/tableau`}><strong>Tableau des lots</strong><span>Valeur, coût et fournisseur de chaque lot</span></Link></li>
          <li><Link className="rf-tile" to={`${base}/lots/imprimer`}><strong>Liste imprimable</strong><span>La liste des prix à afficher</span></Link></li>
          <li><Link className="rf-tile" to={`${base}/tirage`}><strong>Tirage au sort</strong><span>Clôture de la vente, tirage vérifiable, gagnants</span></Link></li>
        </ul>
        <aside><LawPanel law={raffle.law} /></aside>
      </div>
    </>
  );
}
