import { useState } from 'react';
import { Button, ErrorLine, Field, Modal, MoneyInput } from '@kermesse/ui-kit';
import { centsToInput, parseEuros } from '@kermesse/contracts-common';
import { CashCalculator } from './CashCalculator';
import { countTotal, type CashCount } from './cashCount';
import type { SessionState } from './tillApi';

export const FLOAT_INVALID = 'Saisissez le fond de caisse en euros, par exemple 50 ou 30,50 (0 s’il n’y en a pas).';

/** Opening a till session: the cash float counted with the calculator or typed (« 30,50 »); it may be 0. */
export function OpenTillDialog({ onOpen, onCancel }: { onOpen: (floatCents: number) => Promise<SessionState>; onCancel: () => void }) {
  const [count, setCount] = useState<CashCount>({});
  const [typed, setTyped] = useState('0,00');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const cents = parseEuros(typed);
    if (cents === null) {
      setError(FLOAT_INVALID);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onOpen(cents);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Ouvrir la caisse"
      onClose={onCancel}
      size="wide"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} disabled={busy}>
            Ouvrir la session
          </Button>
        </>
      }
    >
      <p className="till-help">
        Comptez les espèces du fond de caisse (billets et pièces), ou saisissez directement le total. Sans fond de caisse, laissez 0.
      </p>
      <CashCalculator
        label="Fond de caisse : billets et pièces"
        count={count}
        onChange={(next) => {
          setCount(next);
          const total = countTotal(next);
          if (total !== undefined) setTyped(centsToInput(total));
        }}
      />
      <Field label="Fond de caisse (espèces)" htmlFor="till-float">
        <MoneyInput id="till-float" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Field>
      {error && <ErrorLine>{error}</ErrorLine>}
    </Modal>
  );
}
