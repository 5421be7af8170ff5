import { useId, useState, type FormEvent } from 'react';
import { Button, MoneyInput } from '@kermesse/ui-kit';
import { parseEuros } from '@kermesse/contracts-common';

/** Donation entry (docs/spec.md §2): an amount and « Ajouter le don au panier »; 0 or less adds nothing (docs/spec.md §5). */
export function DonationPanel({ onDonate }: { onDonate: (amountCents: number) => void }) {
  const [amount, setAmount] = useState('');
  const id = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = parseEuros(amount);
    if (cents === null || cents <= 0) return;
    onDonate(cents);
    setAmount('');
  };

  return (
    <form className="reg-donation" aria-label="Faire un don" onSubmit={handleSubmit} noValidate>
      <label className="reg-donation__label" htmlFor={id}>
        Don
      </label>
      <MoneyInput
        id={id}
        className="reg-donation__input"
        placeholder="0,00"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Ajouter le don au panier
      </Button>
    </form>
  );
}
