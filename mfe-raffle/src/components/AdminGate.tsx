import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RequireRole } from '@kermesse/ui-kit';

/** Administration screens: an admin's session is needed (the gateway enforces it on every call too). */
export function AdminGate({ children }: { children: ReactNode }) {
  return (
    <RequireRole
      roles={['admin']}
      title="Tombola et paniers garnis"
      denied="Cette page est réservée aux administrateurs."
      signIn="Connectez-vous avec un compte administrateur pour gérer la tombola et les paniers garnis."
      className="k-notice"
      footer={
        <p className="k-muted">
          Tout le monde peut consulter la <Link to="/tombola/prevente">prévente de la tombola</Link> et les{' '}
          <Link to="/tombola/resultats">résultats du tirage au sort</Link>.
        </p>
      }
    >
      {children}
    </RequireRole>
  );
}
