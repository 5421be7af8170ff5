/** One raffle: its figures, the way to each screen, and the French-law panel. */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, ErrorLine, formatEuros, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type RaffleDetails } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { STATE_BADGES, STATE_LABELS } from './HomePage';
import { LawPanel } from './LawPanel';

const ticketLabel = (nb: number) => (nb === 1 ? '1 ticket' : `${nb} tickets`);

export const DELETE_MESSAGES = {
  confirm: (name: string) =>
    `Supprimer définitivement la tombola « ${name} », ses prix de tickets et ses lots ? Cette action est irréversible.`,
  failed: "La tombola n'a pas pu être supprimée.",
  deleted: (name: string) => `La tombola « ${name} » a été supprimée.`,
  hasSales: 'Des tickets ont été vendus : cette tombola ne peut plus être supprimée.',
} as const;

export function RaffleDashboard() {
  const raffleId = Number(useParams().raffleId);
  const [raffle, setRaffle] = useState<RaffleDetails | null>(null);
  const [failed, setFailed] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    raffleApi.getRaffle(raffleId).then(setRaffle, () => setFailed(true));
  }, [raffleId]);

  if (failed) return <ErrorLine>Erreur lors du chargement des données</ErrorLine>;
  if (!raffle) return <Spinner />;
  const base = `/tombola/${raffle.id}`;
  const deletable = raffle.sold === 0 && raffle.held === 0;

  // Only a raffle without sales (the service answers 409 otherwise), after a confirmation.
  const handleDelete = async () => {
    if (!window.confirm(DELETE_MESSAGES.confirm(raffle.name))) return;
    try {
      await raffleApi.deleteRaffle(raffle.id);
      navigate('/tombola', { state: { message: DELETE_MESSAGES.deleted(raffle.name) } });
    } catch (error) {
      setFlash({ tone: 'error', text: DELETE_MESSAGES.failed, detail: detailOf(error) });
    }
  };
  return (
    <>
      <Breadcrumbs items={[{ label: raffle.name }]} />
      <div className="k-page-header rf-title-row">
        <div>
          <h1>{raffle.name}</h1>
          <p className="rf-lead">
            {raffle.eventName} · <span className={`k-badge ${STATE_BADGES[raffle.state]}`}>{STATE_LABELS[raffle.state]}</span>
          </p>
        </div>
      </div>
      <dl className="k-stats">
        <div className="k-card">
          <dt>Tickets vendus</dt>
          <dd>
            {raffle.sold} / {raffle.tickets}
          </dd>
        </div>
        <div className="k-card">
          <dt>Recettes des tickets</dt>
          <dd>{formatEuros(raffle.revenue)}</dd>
        </div>
        <div className="k-card">
          <dt>Prix des tickets</dt>
          <dd className="k-stats__small">
            {raffle.price.length ? raffle.price.map((t) => `${ticketLabel(t.nb)} : ${formatEuros(t.p)}`).join(' · ') : '—'}
          </dd>
        </div>
      </dl>
      <div className="rf-with-aside">
        <ul className="rf-tiles">
          <li>
            <Link className="rf-tile" to={`${base}/tarifs`}>
              <strong>Prix des tickets</strong>
              <span>Modifier les paires nombre de tickets / prix</span>
            </Link>
          </li>
          <li>
            <Link className="rf-tile" to={`${base}/lots`}>
              <strong>Lots</strong>
              <span>Inventaire, corrections, illustrations</span>
            </Link>
          </li>
          <li>
            <Link className="rf-tile" to={`${base}/lots/tableau`}>
              <strong>Tableau des lots</strong>
              <span>Valeur, coût et fournisseur de chaque lot</span>
            </Link>
          </li>
          <li>
            <Link className="rf-tile" to={`${base}/lots/imprimer`}>
              <strong>Liste imprimable</strong>
              <span>La liste des prix à afficher</span>
            </Link>
          </li>
          <li>
            <Link className="rf-tile" to={`${base}/tirage`}>
              <strong>Tirage au sort</strong>
              <span>Clôture de la vente, tirage vérifiable, gagnants</span>
            </Link>
          </li>
        </ul>
        <aside>
          <LawPanel law={raffle.law} />
        </aside>
      </div>
      <section className="k-card rf-danger-zone" aria-labelledby="rf-delete-title">
        <h2 id="rf-delete-title">Supprimer la tombola</h2>
        {deletable ? (
          <p className="k-muted">Aucun ticket n'a été vendu : cette tombola peut être supprimée (créée par erreur, en double…).</p>
        ) : (
          <p className="k-muted">{DELETE_MESSAGES.hasSales}</p>
        )}
        <Flash message={flash} />
        <Button variant="danger" onClick={handleDelete} disabled={!deletable}>
          Supprimer la tombola
        </Button>
      </section>
    </>
  );
}
