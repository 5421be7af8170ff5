import { useId } from 'react';
import { formatEuros } from '@kermesse/ui-kit';
import { DENOMINATIONS, countTotal, parseCount, type CashCount } from './cashCount';

/**
 * The notes-and-coins calculator: how many of each note and coin, the total below. Counts are typed
 * with the numeric keypad; a count that is not a whole number is flagged.
 */
export function CashCalculator({ count, onChange, label }: { count: CashCount; onChange: (count: CashCount) => void; label: string }) {
  const id = useId();
  const total = countTotal(count);
  return (
    <fieldset className="till-calc">
      <legend>{label}</legend>
      <div className="till-calc__grid">
        {DENOMINATIONS.map(({ cents, label: name, kind }) => {
          const value = count[cents] ?? '';
          const invalid = parseCount(value) === undefined;
          return (
            <label key={cents} className={`till-calc__row till-calc__row--${kind}`} htmlFor={`${id}-${cents}`}>
              <span className="till-calc__name">{name}</span>
              <span className="till-calc__times" aria-hidden="true">
                ×
              </span>
              <input
                id={`${id}-${cents}`}
                className="k-input till-calc__input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                aria-label={`Nombre de ${kind === 'note' ? 'billets' : 'pièces'} de ${name}`}
                aria-invalid={invalid || undefined}
                value={value}
                onChange={(event) => onChange({ ...count, [cents]: event.target.value })}
              />
            </label>
          );
        })}
      </div>
      <p className="till-calc__total" aria-live="polite">
        {total === undefined ? (
          'Un nombre de billets ou de pièces est illisible.'
        ) : (
          <>
            Total compté : <strong>{formatEuros({ cents: total })}</strong>
          </>
        )}
      </p>
    </fieldset>
  );
}
