import type { ReactNode } from 'react';
import { RequireRole } from '@kermesse/ui-kit';

/** Loto screens for staff: admins everywhere, volunteers where `volunteer` is set. */
export function StaffOnly({ volunteer = false, children }: { volunteer?: boolean; children: ReactNode }) {
  return (
    <RequireRole
      roles={volunteer ? ['admin', 'volunteer'] : ['admin']}
      title="Loto"
      denied={'Cet écran est réservé aux administrateurs' + (volunteer ? ' et aux bénévoles.' : '.')}
      signIn="Connectez-vous pour accéder au loto."
      className="k-notice"
    >
      {children}
    </RequireRole>
  );
}
