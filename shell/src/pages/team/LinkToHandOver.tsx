import { useState } from 'react';
import { Button, dateTimeFormat } from '@kermesse/ui-kit';
import type { OneTimeLink } from '../../api/identity';

const dateTime = dateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/**
 * A one-time link the admin hands over (an association may have no mail server): shown in a
 * read-only field to copy, with its expiry.
 */
export function LinkToHandOver({ id, label, link }: { id: string; label: string; link: OneTimeLink }) {
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="shell-link-box">
      <label className="k-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="k-input" readOnly value={link.url} onFocus={(event) => event.target.select()} />
      <p className="shell-hint">
        À usage unique, valable jusqu'au {dateTime.format(new Date(link.expiresAt))}. Transmettez-le à la personne (message, papier, code QR
        de votre téléphone).
      </p>
      <Button variant="secondary" onClick={handleCopy}>
        {copied ? 'Lien copié !' : 'Copier le lien'}
      </Button>
    </div>
  );
}
