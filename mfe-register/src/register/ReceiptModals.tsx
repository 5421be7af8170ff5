import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Modal } from '@kermesse/ui-kit';
import { normalizeEmail, normalizePhone } from '@kermesse/contracts-common';
import { MESSAGES } from '@kermesse/contracts-register/errors';

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

/** How one receipt channel asks for and checks its address. */
interface ReceiptChannel {
  title: string;
  label: string;
  inputType: 'tel' | 'email';
  placeholder?: string;
  /** The address to send to, or null when it is not valid. */
  check(value: string): string | null;
  invalidMessage: string;
  privacyNote: string;
}

const SMS_CHANNEL: ReceiptChannel = {
  title: 'Reçu par SMS',
  label: 'Numéro de téléphone',
  inputType: 'tel',
  placeholder: '0612345678',
  // docs/formats.md §3: the number the register and the contact service accept, written « 0612345678 ».
  check: normalizePhone,
  invalidMessage: MESSAGES.SMS_PHONE_INVALID,
  privacyNote: 'Le numéro sert uniquement à envoyer ce reçu.',
};

const EMAIL_CHANNEL: ReceiptChannel = {
  title: 'Reçu par e-mail',
  label: 'Adresse e-mail',
  inputType: 'email',
  check: normalizeEmail,
  invalidMessage: 'Merci de saisir une adresse e-mail valide.',
  privacyNote: "L'adresse sert uniquement à envoyer ce reçu.",
};

type AddressModalProps = { initial?: string | null; onConfirm: (address: string) => void; onCancel: () => void } & SendingProps;

/** The address field of a receipt, with « Annuler » and « Valider » (docs/spec.md §2). */
function ReceiptAddressModal({
  channel,
  initial,
  onConfirm,
  onCancel,
  busy = false,
  serverError = null,
}: AddressModalProps & { channel: ReceiptChannel }) {
  const [value, setValue] = useState(initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [refusal, hideRefusal] = useServerError(serverError);
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = channel.check(value);
    if (!address) {
      setError(channel.invalidMessage);
      return;
    }
    onConfirm(address);
  };
  return (
    <Modal
      title={channel.title}
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
        <label className="k-field__label" htmlFor={`${id}-address`}>
          {channel.label}
        </label>
        <input
          id={`${id}-address`}
          className="k-input"
          type={channel.inputType}
          inputMode={channel.inputType === 'tel' ? 'numeric' : undefined}
          autoComplete="off"
          autoFocus
          placeholder={channel.placeholder}
          value={value}
          aria-invalid={error !== null}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
            hideRefusal();
          }}
        />
        {(error ?? refusal) && (
          <p className="k-error-line" role="alert">
            {error ?? refusal}
          </p>
        )}
        <p className="reg-muted reg-small">{channel.privacyNote}</p>
      </form>
    </Modal>
  );
}

/** SMS receipt (docs/spec.md §2, §5): a phone field with « Annuler » and « Valider »; exactly 10 digits. */
export function SmsReceiptModal({ initialPhone, ...props }: Omit<AddressModalProps, 'initial'> & { initialPhone?: string | null }) {
  return <ReceiptAddressModal channel={SMS_CHANNEL} initial={initialPhone} {...props} />;
}

/** E-mail receipt: the buyer's address, used for nothing else. */
export function EmailReceiptModal({ initialEmail, ...props }: Omit<AddressModalProps, 'initial'> & { initialEmail?: string | null }) {
  return <ReceiptAddressModal channel={EMAIL_CHANNEL} initial={initialEmail} {...props} />;
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
