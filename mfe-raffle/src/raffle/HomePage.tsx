/** /tombola: the raffles and gift baskets of every event, for an admin; the public pages for everyone else. */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Banner, ErrorLine, formatEuros, Spinner, useSession } from '@kermesse/ui-kit';
import { raffleApi, type GiftBasketSummary, type RaffleSummary } from '../api/raffleApi';
import { FeaturedRaffleForm } from './FeaturedRaffleForm';

export const STATE_LABELS: Record<RaffleSummary['state'], string> = {
  open: 'En vente',
  closed: 'Vente close',
  drawn: 'Tirage effectué',
};

/** The kit's badge colour of each state: green while on sale, blue once drawn. */
export const STATE_BADGES: Record<RaffleSummary['state'], string> = {
  open: 'k-badge--on',
  closed: '',
  drawn: 'k-badge--info',
};

export function HomePage() {
  const { user } = useSession();
  if (!user?.roles.includes('admin')) return <VisitorHome />;
  return <AdminHome />;
}

function VisitorHome() {
  return (
    <section className="k-card k-notice">
      <h1>Tombola</h1>
      <ul className="rf-tiles">
        <li>
          <Link className="rf-tile" to="/tombola/prevente">
            <strong>Prévente</strong>
            <span>Les lots et le prix des tickets</span>
          </Link>
        </li>
        <li>
          <Link className="rf-tile" to="/tombola/resultats">
            <strong>Résultats</strong>
            <span>Les gagnants du tirage au sort</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

function AdminHome() {
  const [raffles, setRaffles] = useState<RaffleSummary[] | null>(null);
  const [baskets, setBaskets] = useState<GiftBasketSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  // A message left by the page the admin comes from (a raffle deleted).
  const notice = (useLocation().state as { message?: string } | null)?.message;

  useEffect(() => {
    raffleApi.listRaffles().then(setRaffles, () => setFailed(true));
    raffleApi.listGiftBaskets().then(setBaskets, () => setFailed(true));
  }, []);

  return (
    <div className="rf-home">
      <div className="k-page-header rf-title-row">
        <h1>Tombola et paniers garnis</h1>
        <div className="k-actions k-actions--roomy rf-actions">
          <Link className="k-button k-button--ghost" to="/tombola/prevente">
            Page de prévente
          </Link>
          <Link className="k-button k-button--ghost" to="/tombola/resultats">
            Résultats publics
          </Link>
          <Link className="k-button k-button--ghost" to="/tombola/billets">
            Billets prévendus
          </Link>
          <Link className="k-button k-button--ghost" to="/tombola/entree">
            Contrôle à l'entrée
          </Link>
        </div>
      </div>
      {failed && <ErrorLine>Erreur lors du chargement des données</ErrorLine>}
      {notice && <Banner tone="success">{notice}</Banner>}

      <section className="k-card">
        <div className="k-page-header rf-title-row">
          <h2>Tombolas</h2>
          <Link className="k-button k-button--primary" to="/tombola/nouvelle">
            Nouvelle tombola
          </Link>
        </div>
        {raffles === null ? (
          <Spinner />
        ) : raffles.length === 0 ? (
          <p className="k-muted">Aucune tombola pour l'instant.</p>
        ) : (
          <div className="k-table-wrap">
            <table className="k-table k-table--stack">
              <thead>
                <tr>
                  <th>Tombola</th>
                  <th>Événement</th>
                  <th>Tickets vendus</th>
                  <th>Recettes</th>
                  <th>État</th>
                </tr>
              </thead>
              <tbody>
                {raffles.map((raffle) => (
                  <tr key={raffle.id}>
                    <td>
                      <Link to={`/tombola/${raffle.id}`}>{raffle.name}</Link>
                    </td>
                    <td>
                      {raffle.eventName}
                      {!raffle.eventKnown && <span className="k-muted"> (en attente de la caisse)</span>}
                    </td>
                    <td className="k-num">
                      {raffle.sold} / {raffle.tickets}
                    </td>
                    <td className="k-num">{formatEuros(raffle.revenue)}</td>
                    <td>
                      <span className={`k-badge ${STATE_BADGES[raffle.state]}`}>{STATE_LABELS[raffle.state]}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {raffles && raffles.length > 0 && <FeaturedRaffleForm raffles={raffles} />}

      <section className="k-card">
        <div className="k-page-header rf-title-row">
          <h2>Paniers garnis</h2>
          <Link className="k-button k-button--primary" to="/tombola/paniers/nouveau">
            Nouveau panier garni
          </Link>
        </div>
        {baskets === null ? (
          <Spinner />
        ) : baskets.length === 0 ? (
          <p className="k-muted">Aucun panier garni pour l'instant.</p>
        ) : (
          <div className="k-table-wrap">
            <table className="k-table k-table--stack">
              <thead>
                <tr>
                  <th>Paniers garnis</th>
                  <th>Événement</th>
                  <th>Paniers à gagner</th>
                  <th>Paris vendus</th>
                  <th>Recettes</th>
                </tr>
              </thead>
              <tbody>
                {baskets.map((basket) => (
                  <tr key={basket.id}>
                    <td>
                      <Link to={`/tombola/paniers/${basket.id}`}>{basket.name}</Link>
                    </td>
                    <td>
                      {basket.eventName}
                      {!basket.eventKnown && <span className="k-muted"> (en attente de la caisse)</span>}
                    </td>
                    <td>{basket.types.map((t) => t.name).join(', ') || '—'}</td>
                    <td className="k-num">{basket.sold}</td>
                    <td className="k-num">{formatEuros(basket.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
