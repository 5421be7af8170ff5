import type { ComponentPropsWithRef } from 'react';
import { classNames } from './Button';

/**
 * An amount in euros, typed the French way (« 30,50 »; « 30.50 » is read too) with the « € » sign
 * after it. A text field with the decimal keypad, not `type="number"`: a browser set to another
 * language would drop the comma of « 30,50 » and read 3050. Read its value with contracts-common's
 * `parseEuros` (docs/formats.md §1), which refuses what it cannot read instead of guessing.
 */
export function MoneyInput({ className, ...props }: Omit<ComponentPropsWithRef<'input'>, 'type' | 'min' | 'step'>) {
  return (
    <span className="k-money">
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className={classNames('k-input', 'k-money__input', className)}
        {...props}
      />
      <span className="k-money__unit" aria-hidden="true">
        €
      </span>
    </span>
  );
}
