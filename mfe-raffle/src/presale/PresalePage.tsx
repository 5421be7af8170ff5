/** The public pre-sale page `/tombola/prevente` (docs/spec.md §2): the raffle on sale, its prizes and its ticket prices. */
import { Link } from 'react-router';
import { ErrorLine, formatDate, formatEuros, Spinner, useResource } from '@kermesse/ui-kit';
import { raffleApi } from '../api/raffleApi';
import { GiftIcon } from '../components/GiftIcon';

const ticketLabel = (nb: number) => (nb === 1 ? '1 ticket' : `${nb} tickets`);

export function PresalePage() {
  const loaded = useResource(() => raffleApi.getPresale(), []);
  const presale = loaded.data?.data;
  const failed = Boolean(loaded.error);

  if (failed) return <ErrorLine>Erreur lors du chargement des données</ErrorLine>;
  if (presale === undefined) return <Spinner />;
  if (presale === null) {
    return (
      <section className="k-card rf-presale">
        <h1>Prévente de la tombola</h1>
        <p>Aucune tombola n'est en vente pour le moment. Revenez bientôt !</p>
        <p>
          <Link to="/tombola/resultats">Voir les résultats du dernier tirage</Link>
        </p>
      </section>
    );
  }
  const hasAlcohol = presale.prizes.some((p) => p.alcohol);
  return (
    <div className="rf-presale">
      <section className="rf-presale__hero k-card">
        <p className="rf-kicker">Prévente ouverte</p>
        <h1>{presale.name}</h1>
        {presale.eventName && (
          <p className="rf-lead">
            {presale.eventName}
            {presale.eventDate ? ` — ${formatDate(presale.eventDate)}` : ''}
          </p>
        )}
        <h2>Prix des tickets</h2>
        <ul className="rf-tiers">
          {presale.price.map((tier) => (
            <li key={tier.nb} className="rf-tier">
              <span className="rf-tier__nb">{ticketLabel(tier.nb)}</span>
              <span className="rf-tier__price">{formatEuros(tier.p)}</span>
            </li>
          ))}
        </ul>
        <p className="k-muted">
          {presale.remaining} tickets encore disponibles sur {presale.tickets}. Tickets en vente auprès des bénévoles, à la caisse de la
          tombola. Chaque ticket soutient les projets de l'association.
        </p>
      </section>
      <section aria-labelledby="rf-presale-prizes">
        <h2 id="rf-presale-prizes" className="rf-section-title">
          Les lots à gagner
        </h2>
        <ul className="rf-prize-grid">
          {presale.prizes.map((prize) => (
            <li key={prize.id} className="rf-prize-card k-card">
              <div className="rf-prize-card__image">
                {prize.image ? <img src={prize.image} alt={prize.name} loading="lazy" /> : <GiftIcon />}
              </div>
              <h3>{prize.name}</h3>
              <p className="k-muted">
                {prize.quantity > 1 ? `${prize.quantity} lots` : '1 lot'}
                {prize.price > 0 ? ` · valeur ${formatEuros(prize.price)}` : ''}
              </p>
              {prize.alcohol && <span className="k-badge k-badge--warn">Contient de l'alcool</span>}
            </li>
          ))}
        </ul>
        {hasAlcohol && <p className="k-muted">Les lots contenant de l'alcool ne sont remis qu'à des personnes majeures.</p>}
      </section>
    </div>
  );
}
