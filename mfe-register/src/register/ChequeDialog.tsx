import { useId, useState, type FormEvent } from 'react';
import { Button, formatEuros, Modal } from '@kermesse/ui-kit';

/** Cheque payment: the cheque number is the payment's reference (docs/spec.md §4). */
export function ChequeDialog({
  totalCents,
  onConfirm,
  onCancel,
}: {
  totalCents: number;
  onConfirm: (number: string) => void;
  onCancel: () => void;
}) {
  const [number, setNumber] = useState('');
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (number.trim()) onConfirm(number.trim());
  };
  return (
    <Modal
      title="Paiement par chèque"
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={!number.trim()}>
            Valider
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={handleSubmit}>
        <p className="reg-cash__total">
          Montant du chèque <strong>{formatEuros({ cents: totalCents })}</strong>
        </p>
        <label className="k-field__label" htmlFor={`${id}-number`}>
          Numéro du chèque
        </label>
        <input
          id={`${id}-number`}
          className="k-input"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          required
          value={number}
          onChange={(event) => setNumber(event.target.value)}
        />
      </form>
    </Modal>
  );
}
