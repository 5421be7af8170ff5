import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Modal } from '@kermesse/ui-kit';
import {
  addCarton,
  cartonBlocker,
  cartonCount,
  keepPaid,
  saveCartons,
  withSavedCartons,
  type CartonNight,
  type SavedCartons,
} from '../cart/cartons';
import type { CartLine } from '../cart/types';

export interface CartonPickerProps {
  night: CartonNight;
  /** Cartons the cart pays for: exactly this many must be typed. */
  allowed: number;
  initial: readonly number[];
  onConfirm: (cartons: number[]) => void;
  onCancel: () => void;
}

/**
 * Loto carton picker, like the raffle ticket picker: the cashier types or scans the
 * number printed on each physical carton handed over (« 12 » or « 12-7 » with its check digit),
 * Enter adds it; as many as the cart pays for, each once, each printed for the night.
 */
export function CartonPicker({ night, allowed, initial, onConfirm, onCancel }: CartonPickerProps) {
  const [selected, setSelected] = useState<number[]>(() => keepPaid(initial, allowed));
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const result = addCarton(selected, text, allowed, night.cartons);
    setSelected(result.selected);
    setMessage(result.message);
    if (!result.message) setText('');
    input.current?.focus();
  };

  const actions = (
    <>
      <Button variant="ghost" onClick={onCancel}>
        Annuler
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          setSelected([]);
          setMessage(null);
          input.current?.focus();
        }}
      >
        Remise à zéro
      </Button>
      <Button disabled={selected.length !== allowed} onClick={() => onConfirm(selected)}>
        Confirmer les cartons
      </Button>
    </>
  );

  return (
    <Modal title={`Cartons de loto — ${night.name}`} onClose={onCancel} actions={actions}>
      <p className="reg-picker__note">Saisissez ou scannez le numéro imprimé sur chaque carton remis à l’acheteur (ex. 12 ou 12-7).</p>
      <form
        className="reg-cartons__form"
        style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}
        onSubmit={handleAdd}
      >
        <label className="reg-cartons__label" htmlFor="reg-carton-number">
          Numéro du carton
        </label>
        <input
          id="reg-carton-number"
          ref={input}
          className="k-input"
          inputMode="numeric"
          autoComplete="off"
          placeholder="ex. 12-7"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={text.trim() === ''}>
          Ajouter
        </Button>
      </form>
      <p className="reg-picker__count" aria-live="polite">
        Cartons :{' '}
        <strong data-testid="carton-count">
          {selected.length} / {allowed}
        </strong>
        {message && (
          <span className="reg-picker__message" role="alert">
            {message}
          </span>
        )}
      </p>
      {selected.length > 0 && (
        <ul
          className="reg-cartons"
          aria-label="Cartons saisis"
          style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', listStyle: 'none', padding: 0 }}
        >
          {selected.map((number) => (
            <li key={number} className="reg-pill">
              n° {number}{' '}
              <Button
                variant="ghost"
                aria-label={`Retirer le carton ${number}`}
                onClick={() => {
                  setSelected((current) => current.filter((n) => n !== number));
                  setMessage(null);
                }}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** « Loto n / N »: opens the carton picker when the cart holds cartons. */
export function CartonButton({ sale, onOpen }: { sale: CartonSale; onOpen: () => void }) {
  if (sale.allowed === 0) return null;
  return (
    <div className="reg-ticket-buttons">
      <Button
        variant={sale.cartons.length === sale.allowed ? 'ghost' : 'secondary'}
        disabled={!sale.night}
        aria-label={`Cartons de loto : ${sale.cartons.length} / ${sale.allowed}`}
        onClick={onOpen}
      >
        Loto{' '}
        <span className="reg-pill">
          {sale.cartons.length} / {sale.allowed}
        </span>
      </Button>
    </div>
  );
}

export interface CartonSale {
  night: CartonNight | undefined;
  allowed: number;
  cartons: number[];
  set(cartons: number[]): void;
  /** Why the sale cannot be paid yet (cartons missing), or null. */
  blocker: string | null;
  /** The night and cartons to save with a card payment (a reload resumes it), undefined without cartons. */
  saved: SavedCartons | undefined;
  /** The sale body with its cartons (`bingoId`, `cartons`) when the cart holds some. */
  withCartons<T extends object>(body: T): T;
}

/**
 * The cartons of the sale being rung up, kept within what the cart pays for; a new sale (empty cart)
 * starts with none.
 */
export function useCartonSale(lines: readonly CartLine[], nights: readonly CartonNight[] | undefined): CartonSale {
  const { night, allowed } = useMemo(() => cartonCount(lines, nights ?? []), [lines, nights]);
  const [chosen, setChosen] = useState<number[]>([]);
  const cartons = useMemo(() => keepPaid(chosen, allowed), [chosen, allowed]);
  useEffect(() => {
    if (lines.length === 0) setChosen([]);
  }, [lines.length]);
  const set = useCallback((next: number[]) => setChosen([...next]), []);
  return {
    night,
    allowed,
    cartons,
    set,
    blocker: cartonBlocker(allowed, cartons),
    saved: saveCartons(night, allowed, cartons),
    withCartons: (body) => withSavedCartons(body, saveCartons(night, allowed, cartons)),
  };
}
