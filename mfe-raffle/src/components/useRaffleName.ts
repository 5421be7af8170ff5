import { useEffect, useState } from 'react';
import { raffleApi } from '../api/raffleApi';

/** The name of a raffle for the breadcrumbs (« Tombola n° 3 » until it is known). */
export function useRaffleName(raffleId: number): string {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!(raffleId > 0)) return undefined;
    let cancelled = false;
    raffleApi.getRaffle(raffleId).then((raffle) => {
      if (!cancelled) setName(raffle.name);
    }, () => undefined);
    return () => {
      cancelled = true;
    };
  }, [raffleId]);
  return name ?? `Tombola n° ${raffleId}`;
}

/** The name of a gift basket for the breadcrumbs (« Paniers garnis » until it is known), never its number. */
export function useGiftBasketName(basketId: number): string {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!(basketId > 0)) return undefined;
    let cancelled = false;
    raffleApi.getGiftBasket(basketId).then((basket) => {
      if (!cancelled) setName(basket.name);
    }, () => undefined);
    return () => {
      cancelled = true;
    };
  }, [basketId]);
  return name ?? 'Paniers garnis';
}
