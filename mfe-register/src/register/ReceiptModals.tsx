import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Modal } from '@kermesse/ui-kit';
import { SMS_PHONE_MESSAGE, validSmsPhone } from '../cart/phone';

/** SMS receipt (SPEC §2, §5): a phone field with « Annuler » and « Valider »; exactly 10 digits. */
/** While the receipt is being sent (`busy`) « Valider » waits; `serverError` is the server's French refusal. */
interface SendingProps {
  busy?: boolean;
  serverError?: string | null;
}

/** The server's refusal until the cashier edits the field (a new refusal shows again). */
function useServerError(serverError: string | null): [string | null, () => void] {
  const [hidden, setHidden] = useState(false);
  useEffect(() => setHidden(false), [serverError]);
  return [hidden ? null : serverError, () => setHidden(true)];
}

export function SmsReceiptModal({
  initialPhone,
  onConfirm,
  onCancel,
  busy = false,
  serverError = null,
}: { initialPhone?: string | null; onConfirm: (phone: string) => void; onCancel: () => void } & SendingProps) {
  const [phone, setPhone] = useState(initialPhone ?? '');
  const [error, setError] = useState<string | null>(null);
  const [refusal, hideRefusal] = useServerError(serverError);
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validSmsPhone(phone);
    if (!valid) {
      setError(SMS_PHONE_MESSAGE);
      return;
    }
    onConfirm(valid);
  };
  return (
    <Modal
      title="Reçu par SMS"
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            Valider
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={handleSubmit} noValidate>
        <label className="k-field__label" htmlFor={`${id}-phone`}>
          Numéro de téléphone
        </label>
        <input
          id={`${id}-phone`}
          className="k-input"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          placeholder="0612345678"
          value={phone}
          aria-invalid={error !== null}
          onChange={(event) => {
            setPhone(event.target.value);
            setError(null);
            hideRefusal();
          }}
        />
        {(error ?? refusal) && (
          <p className="k-error-line" role="alert">
            {error ?? refusal}
          </p>
        )}
        <p className="reg-muted reg-small">Le numéro sert uniquement à envoyer ce reçu.</p>
      </form>
    </Modal>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail receipt: the buyer's address, used for nothing else. */
export function EmailReceiptModal({
  initialEmail,
  onConfirm,
  onCancel,
  busy = false,
  serverError = null,
}: { initialEmail?: string | null; onConfirm: (email: string) => void; onCancel: () => void } & SendingProps) {
  const [email, setEmail] = useState(initialEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const [refusal, hideRefusal] = useServerError(serverError);
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError('Merci de saisir une adresse e-mail valide.');
      return;
    }
    onConfirm(email.trim());
  };
  return (
    <Modal
      title="Reçu par e-mail"
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            Valider
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={handleSubmit} noValidate>
        <label className="k-field__label" htmlFor={`${id}-email`}>
          Adresse e-mail
        </label>
        <input
          id={`${id}-email`}
          className="k-input"
          type="email"
          autoComplete="off"
          autoFocus
          value={email}
          aria-invalid={error !== null}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
            hideRefusal();
          }}
        />
        {(error ?? refusal) && (
          <p className="k-error-line" role="alert">
            {error ?? refusal}
          </p>
        )}
        <p className="reg-muted reg-small">L'adresse sert uniquement à envoyer ce reçu.</p>
      </form>
    </Modal>
  );
}

/** « Envoyer reçu » after the sale: the cashier chooses how the buyer gets the receipt. */
export function ReceiptChoiceModal({ onChoose, onCancel }: { onChoose: (method: 'sms' | 'email') => void; onCancel: () => void }) {
  return (
    <Modal
      title="Envoyer le reçu"
      onClose={onCancel}
      actions={
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
      }
    >
      <p className="reg-muted">Le reçu part tout de suite, avec le lien vers le reçu en ligne.</p>
      <div className="reg-receipt-choice">
        <Button variant="secondary" onClick={() => onChoose('sms')}>
          Par SMS
        </Button>
        <Button variant="secondary" onClick={() => onChoose('email')}>
          Par e-mail
        </Button>
      </div>
    </Modal>
  );
}
