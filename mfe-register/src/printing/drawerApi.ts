/** « Ouvrir le tiroir »'s call (contract `@kermesse/contracts-register/drawer`): the opening is logged before the pulse. */
import { createApiClient, type ApiClient } from '@kermesse/ui-kit';
import type { DrawerOpening } from '@kermesse/contracts-register/drawer';
import { registerToken } from '../api/bearerToken';

export function createDrawerApi(client: ApiClient) {
  return {
    /** `POST /api/cr/checkouts/{id}/drawer/open`: 403 DRAWER_FORBIDDEN without the till manager's right. */
    open(checkoutId: number): Promise<DrawerOpening> {
      return client.post<DrawerOpening>(`/api/cr/checkouts/${checkoutId}/drawer/open`, {});
    },
  };
}

export type DrawerApi = ReturnType<typeof createDrawerApi>;

export const defaultDrawerApi = (): DrawerApi => createDrawerApi(createApiClient({ getToken: registerToken }));
