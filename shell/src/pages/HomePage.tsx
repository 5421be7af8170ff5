import { Link } from 'react-router';
import { useSession } from '@kermesse/ui-kit';
import { PresaleModal } from './PresaleModal';
import { useFirstRunRedirect } from '../session/useFirstRunRedirect';

/** Public home page: what Kermesse is, and the current event announcement. */
export function HomePage() {
  const { user } = useSession();
  useFirstRunRedirect();
  return (
    <>
      <section className="shell-hero">
        <h1>Bienvenue sur Kermesse</h1>
        <p className="shell-hero__lead">
          L'outil des bénévoles pour faire vivre les fêtes de l'association : caisse, tombola, loto, stock et comptabilité, au même endroit.
        </p>
        {!user && (
          <Link className="k-button k-button--primary" to="/connexion">
            Se connecter
          </Link>
        )}
      </section>
      <ul className="shell-features">
        <li className="k-card">
          <h2>Caisse</h2>
          <p>Encaissez produits, dons et tickets en espèces, chèque ou carte, et envoyez le reçu par SMS ou e-mail.</p>
        </li>
        <li className="k-card">
          <h2>Tombola et loto</h2>
          <p>Préparez les lots, vendez les tickets, placez les joueurs et publiez les résultats du tirage.</p>
        </li>
        <li className="k-card">
          <h2>Stock et comptabilité</h2>
          <p>Suivez le stock de chaque événement et éditez le bilan des comptes de l'exercice.</p>
        </li>
      </ul>
      <PresaleModal />
    </>
  );
}
