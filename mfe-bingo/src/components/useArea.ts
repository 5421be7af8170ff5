import { useParams } from 'react-router';
import { useSession } from '@kermesse/ui-kit';
import type { Area } from '../api/bingoApi';

/** Admins work on the admin paths, volunteers on theirs; null for anyone else. */
export function useArea(): Area | null {
  const { user } = useSession();
  if (!user) return null;
  if (user.roles.includes('admin')) return 'admin';
  if (user.roles.includes('volunteer')) return 'volunteer';
  return null;
}

/** The night id of the route (`/loto/:id/…`). */
export function useNightId(): number {
  return Number(useParams().id);
}
