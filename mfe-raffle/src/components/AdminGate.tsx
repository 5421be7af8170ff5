import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@kermesse/ui-kit';

/** Administration screens: an admin's session is needed (the gateway enforces it on every call too). */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user || !user.roles.includes('admin')) {
    return (
      <section className="rf-notice k-card">
        <h1>Tombola et paniers garnis</h1>
        <p>
          {user
            ? 'Cette page est réservée aux administrateurs.'
            : 'Connectez-vous avec un compte administrateur pour gérer la tombola et les paniers garnis.'}
        </p>
        {!user && (
          <p>
            <Link className="k-button k-button--primary" to="/connexion">
              Se connecter
            </Link>
          </p>
        )}
        <p className="rf-muted">
          Tout le monde peut consulter la <Link to="/tombola/prevente">prévente de la tombola</Link> et les{' '}
          <Link to="/tombola/resultats">résultats du tirage au sort</Link>.
        </p>
      </section>
    );
  }
  return children;
}
