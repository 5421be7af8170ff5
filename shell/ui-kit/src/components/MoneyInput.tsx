import type { ComponentPropsWithRef } from 'react';
import { classNames } from './Button';

/**
 * An amount in euros: a numeric field (the tablet shows its number pad) stepping by the cent, with
 * the « € » sign after it. Read its value with `parseEuros`.
 */
export function MoneyInput({ className, min = 0, step = 0.01, ...props }: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  return (
    <span className="k-money">
      <input type="number" inputMode="decimal" min={min} step={step} className={classNames('k-input', 'k-money__input', className)} {...props} />
      <span className="k-money__unit" aria-hidden="true">
        €
      </span>
    </span>
  );
}
