import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@kermesse/ui-kit';

/** Stock and swap-meet screens are for administrators (the gateway enforces it on every call too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.roles.includes('admin')) return children;
  return (
    <section className="k-card stk-notice">
      <h1>Stock et vide-grenier</h1>
      <p>{user ? 'Ces écrans sont réservés aux administrateurs.' : 'Connectez-vous avec un compte administrateur pour gérer le stock et le vide-grenier.'}</p>
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
