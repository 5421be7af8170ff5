import type { ReactNode } from 'react';
import { RequireRole } from '@kermesse/ui-kit';

/** Stock and swap-meet screens are for administrators (the gateway enforces it on every call too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  return (
    <RequireRole
      roles={['admin']}
      title="Stock et vide-grenier"
      denied="Ces écrans sont réservés aux administrateurs."
      signIn="Connectez-vous avec un compte administrateur pour gérer le stock et le vide-grenier."
      className="k-notice"
    >
      {children}
    </RequireRole>
  );
}
