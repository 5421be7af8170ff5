import { useResource } from '@kermesse/ui-kit';
import { raffleApi } from '../api/raffleApi';

/** The name of a raffle for the breadcrumbs (« Tombola n° 3 » until it is known). */
export function useRaffleName(raffleId: number): string {
  const { data } = useResource(raffleId > 0 ? () => raffleApi.getRaffle(raffleId) : null, [raffleId]);
  return data?.name ?? `Tombola n° ${raffleId}`;
}

/** The name of a gift basket for the breadcrumbs (« Paniers garnis » until it is known), never its number. */
export function useGiftBasketName(basketId: number): string {
  const { data } = useResource(basketId > 0 ? () => raffleApi.getGiftBasket(basketId) : null, [basketId]);
  return data?.name ?? 'Paniers garnis';
}
