import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@kermesse/ui-kit';
import { useArea } from './useArea';

/** Loto screens for staff: admins everywhere, volunteers where `volunteer` is set. */
export function StaffOnly({ volunteer = false, children }: { volunteer?: boolean; children: ReactNode }) {
  const { user } = useSession();
  const area = useArea();
  if (area === 'admin' || (volunteer && area === 'volunteer')) return children;
  return (
    <section className="k-card bgo-notice">
      <h1>Loto</h1>
      <p>{user ? 'Cet écran est réservé aux administrateurs' + (volunteer ? ' et aux bénévoles.' : '.') : 'Connectez-vous pour accéder au loto.'}</p>
      {!user && (
        <p>
          <Link className="k-button k-button--primary" to="/connexion">Se connecter</Link>
        </p>
      )}
    </section>
  );
}
