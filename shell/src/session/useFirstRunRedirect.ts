import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@kermesse/ui-kit';
import { setupApi } from '../api/identity';

export const FIRST_RUN_PATH = '/premier-lancement';

/**
 * On a fresh install without demo data (`KERMESSE_DEMO=0`), the first visit goes to the creation of
 * the first administrator. Nothing happens once an account exists or when identity cannot answer.
 */
export function useFirstRunRedirect(): void {
  const { user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) return;
    let cancelled = false;
    setupApi.state().then(
      (state) => {
        if (!cancelled && state?.needsFirstAdmin === true) navigate(FIRST_RUN_PATH, { replace: true });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [user, navigate]);
}
