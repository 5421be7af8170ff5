import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@kermesse/ui-kit';

/** Accounting screens are for the treasurer and administrators (the gateway enforces it on every call too). */
export function TreasurerOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.roles.some((role) => role === 'admin' || role === 'treasurer')) return children;
  return (
    <section className="k-card acc-notice">
      <h1>Comptabilité</h1>
      <p>{user ? 'Ces écrans sont réservés au trésorier et aux administrateurs.' : 'Connectez-vous avec le compte du trésorier pour tenir la comptabilité.'}</p>
      {!user && (
        <p>
          <Link className="k-button k-button--primary" to="/connexion">
            Se connecter
          </Link>
        </p>
      )}
    </section>
  );
}
