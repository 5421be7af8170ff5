import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, formatEuros, Modal, MoneyInput } from '@kermesse/ui-kit';
import { centsToInput, parseEuros } from '@kermesse/contracts-common';
import { changeBreakdown, changeDue, quickAmounts, showsBreakdown } from '../cart/cashChange';

/** The amount field gets the focus 100 ms after the dialog opens (docs/spec.md §9). */
export const CASH_FOCUS_DELAY_MS = 100;

export const insufficientMessage = (totalCents: number) =>
  `Montant insuffisant. Vous devez fournir au moins ${formatEuros({ cents: totalCents })}.`;

/** Typed text that is not an amount (« 30,5,0 », « 3O ») is refused, never guessed. */
export const UNREADABLE_AMOUNT_MESSAGE = 'Montant illisible : saisissez par exemple 30,50.';

export interface CashDialogProps {
  totalCents: number;
  onConfirm: (givenCents: number, changeCents: number) => void;
  onCancel: () => void;
}

const pieceLabel = (cents: number, kind: 'note' | 'coin') =>
  `${kind === 'note' ? 'billet' : 'pièce'} de ${cents >= 100 ? `${cents / 100} €` : `${cents} centime${cents > 1 ? 's' : ''}`}`;

/**
 * Cash payment « Paiement en espèces » (docs/spec.md §4, §5, §9): amount given (empty at first, quick
 * amounts), change due and its breakdown in notes and coins; Enter confirms, Escape cancels.
 */
export function CashDialog({ totalCents, onConfirm, onCancel }: CashDialogProps) {
  const [given, setGiven] = useState('');
  const [tried, setTried] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const timer = setTimeout(() => inputRef.current?.focus(), CASH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const givenCents = parseEuros(given);
  const enough = givenCents !== null && givenCents >= totalCents;
  const change = changeDue(givenCents, totalCents);
  const unreadable = givenCents === null && given.trim() !== '';
  const showInsufficient = !enough && !unreadable && (tried || (givenCents !== null && given.trim() !== ''));
  const problem = unreadable ? UNREADABLE_AMOUNT_MESSAGE : showInsufficient ? insufficientMessage(totalCents) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enough || givenCents === null) {
      setTried(true);
      return;
    }
    onConfirm(givenCents, change);
  };

  return (
    <Modal
      title="Paiement en espèces"
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={!enough}>
            Valider
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="reg-cash" onSubmit={handleSubmit} noValidate>
        <p className="reg-cash__total">
          À payer <strong>{formatEuros({ cents: totalCents })}</strong>
        </p>
        <label className="k-field__label" htmlFor={`${id}-given`}>
          Montant donné
        </label>
        <MoneyInput
          id={`${id}-given`}
          ref={inputRef}
          className="reg-cash__input"
          placeholder={centsToInput(totalCents)}
          value={given}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => {
            setGiven(event.target.value);
            setTried(false);
          }}
        />
        <div className="reg-cash__quick" role="group" aria-label="Montants rapides">
          {quickAmounts(totalCents).map((amount) => (
            <button
              key={amount}
              type="button"
              className="reg-cash__quick-button"
              onClick={() => {
                setGiven(centsToInput(amount));
                setTried(false);
                inputRef.current?.focus();
              }}
            >
              {formatEuros({ cents: amount })}
            </button>
          ))}
        </div>
        {problem && (
          <p id={`${id}-error`} className="k-error-line" role="alert">
            {problem}
          </p>
        )}
        <p className="reg-cash__change" aria-live="polite">
          Monnaie à rendre <strong data-testid="change-due">{formatEuros({ cents: change })}</strong>
        </p>
        {showsBreakdown(change) && (
          <ul className="reg-cash__breakdown" aria-label="Rendu conseillé">
            {changeBreakdown(change).map((piece) => (
              <li key={piece.cents} className={`reg-cash__piece reg-cash__piece--${piece.kind}`}>
                <span className="reg-cash__piece-count">{piece.count} ×</span> {pieceLabel(piece.cents, piece.kind)}
              </li>
            ))}
          </ul>
        )}
      </form>
    </Modal>
  );
}
