import type { ReactNode } from 'react';
import { RequireRole } from '@kermesse/ui-kit';

/** Accounting screens are for the treasurer and administrators (the gateway enforces it on every call too). */
export function TreasurerOnly({ children }: { children: ReactNode }) {
  return (
    <RequireRole
      roles={['admin', 'treasurer']}
      title="Comptabilité"
      denied="Ces écrans sont réservés au trésorier et aux administrateurs."
      signIn="Connectez-vous avec le compte du trésorier pour tenir la comptabilité."
      className="k-notice"
    >
      {children}
    </RequireRole>
  );
}
