import { useState, type FormEvent } from 'react';
import { Button, ErrorLine, Modal, Spinner, useResource } from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import type { GiftBasketInfo } from '../api/checkoutApi';
import { betsFromRows, checkRow, rowWeight, type BetRow } from '../cart/bets';
import type { Bet } from '../cart/types';
import { formatWeight } from '@kermesse/contracts-common';

export const BETS_UNAVAILABLE_MESSAGE = 'Erreur lors du chargement des données';
/** Every basket to win is weighed: its winner is known, no bet can be taken any more. */
export const ALL_WEIGHED_MESSAGE = 'Les paris sont clos : tous les paniers ont déjà été pesés.';
/** A row kept from earlier whose basket was weighed in the meantime. */
export const TYPE_WEIGHED_MESSAGE = 'Ce panier a déjà été pesé : choisissez-en un autre.';

export interface BetPickerProps {
  giftBasket: GiftBasketInfo;
  /** Bets the cart pays for: one row each. */
  maxBets: number;
  initial: Bet[];
  onSubmit: (bets: Bet[]) => void;
  onCancel: () => void;
}

const rowsFor = (maxBets: number, bets: Bet[]): BetRow[] =>
  Array.from({ length: maxBets }, (_, index) => {
    const bet = bets[index];
    return bet ? { typeId: bet.type.id, weight: String(bet.weight) } : { typeId: null, weight: '' };
  });

/**
 * « Faites vos paris » (docs/spec.md §2, §5): up to maxBets rows of a bet type and a weight in grams (shown
 * as kg and three-digit grams); the same type and weight twice, or a weight already sold, blocks
 * « Soumettre ». The types come from `GET /api/cr/gift-basket/{id}/types`, which leaves out the
 * baskets already weighed: they are never offered (the catalogue's list, which does not know the
 * weighing, is only a fallback when that call fails).
 */
export function BetPicker({ giftBasket, maxBets, initial, onSubmit, onCancel }: BetPickerProps) {
  const api = useCheckoutApi();
  const [rows, setRows] = useState<BetRow[]>(() => rowsFor(maxBets, initial));
  const loaded = useResource(() => {
    const openTypes = api.betTypes(giftBasket.id).catch((error: unknown) => {
      if (giftBasket.types.length > 0) return giftBasket.types;
      throw error;
    });
    return Promise.all([api.soldBets(giftBasket.id), openTypes]);
  }, [api, giftBasket]);
  const [sold, types] = loaded.data ?? [null, null];
  const failed = loaded.error !== null;

  const ready = sold !== null && types !== null;
  const weighedRow = (row: BetRow) => ready && row.typeId !== null && !types.some((type) => type.id === row.typeId);
  const bets = ready && types.length > 0 && !rows.some(weighedRow) ? betsFromRows(rows, types, sold) : null;

  const update = (index: number, change: Partial<BetRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bets) onSubmit(bets);
  };

  return (
    <Modal
      title="Faites vos paris"
      onClose={onCancel}
      size="wide"
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" form="reg-bets-form" disabled={!bets}>
            Soumettre
          </Button>
        </>
      }
    >
      <p className="reg-muted">
        {giftBasket.name} — {maxBets} pari{maxBets > 1 ? 's' : ''} à saisir : le type de panier et le poids estimé en grammes.
      </p>
      {failed && <ErrorLine>{BETS_UNAVAILABLE_MESSAGE}</ErrorLine>}
      {!failed && !ready && <Spinner label="Chargement des paris…" />}
      {ready && types.length === 0 && (
        <p className="k-error-line" role="alert">
          {ALL_WEIGHED_MESSAGE}
        </p>
      )}
      {ready && types.length > 0 && (
        <form id="reg-bets-form" className="reg-bets" onSubmit={handleSubmit} noValidate>
          {rows.map((row, index) => {
            const check = checkRow(rows, index, sold);
            const message = weighedRow(row) ? TYPE_WEIGHED_MESSAGE : check.message;
            const weight = rowWeight(row);
            return (
              <fieldset key={index} className="reg-bet">
                <legend className="reg-bet__legend">Pari {index + 1}</legend>
                <select
                  className="k-select"
                  aria-label={`Type du pari ${index + 1}`}
                  value={row.typeId ?? ''}
                  onChange={(event) => update(index, { typeId: event.target.value === '' ? null : Number(event.target.value) })}
                >
                  <option value="">Type de pari</option>
                  {types.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </select>
                <span className="reg-bet__weight">
                  <input
                    className="k-input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    aria-label={`Poids du pari ${index + 1} en grammes`}
                    placeholder="Poids (g)"
                    value={row.weight}
                    onChange={(event) => update(index, { weight: event.target.value })}
                  />
                  <span className="reg-bet__unit">g</span>
                </span>
                <output className="reg-bet__display" aria-label={`Poids du pari ${index + 1}`}>
                  {weight !== null ? formatWeight(weight) : '—'}
                </output>
                {message && (
                  <p className="k-error-line reg-bet__error" role="alert">
                    {message}
                  </p>
                )}
              </fieldset>
            );
          })}
        </form>
      )}
    </Modal>
  );
}
