/**
 * « Rembourser une vente » (`/caisse/remboursement`): a sale found by the reference printed on
 * its receipt (typed in lower case, without the dash, or read aloud), then its refunds panel — the
 * same as on the order detail right after the sale.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Field, TextInput } from '@kermesse/ui-kit';
import { RefundsPanel } from './RefundsPanel';
import type { RefundsApi } from './refundsApi';

/** `ABCDE-FGHJK` from what was typed (Crockford base 32: I and L read as 1, O as 0). */
export function cleanReference(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(compact)) return null;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

export function RefundSearchPage({ api }: { api?: RefundsApi }) {
  const [typed, setTyped] = useState('');
  const [reference, setReference] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = cleanReference(typed);
    setError(found ? null : "Référence invalide : 10 lettres et chiffres, telle qu'imprimée sur le reçu (ex. K7M2Q-9XR4T).");
    setReference(found);
  };
  return (
    <section className="reg-page reg-narrow">
      <p>
        <Link to="..">← Retour à la caisse</Link>
      </p>
      <h1>Rembourser une vente</h1>
      <form className="k-card reg-refunds__search" onSubmit={handleSubmit} noValidate>
        <Field label="Référence de la vente" htmlFor="refund-reference">
          <TextInput
            id="refund-reference"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="K7M2Q-9XR4T"
          />
        </Field>
        {error && (
          <p className="k-error-line" role="alert">
            {error}
          </p>
        )}
        <Button type="submit">Rechercher</Button>
      </form>
      {reference && (
        <div className="k-card reg-order">
          <h2>
            Commande <span className="reg-mono">{reference}</span>
          </h2>
          <p className="reg-order__link">
            Reçu en ligne :{' '}
            <a
              href={`/s/${encodeURIComponent(reference)}`}
              target="_blank"
              rel="noreferrer"
            >{`${window.location.origin}/s/${reference}`}</a>
          </p>
          <RefundsPanel key={reference} reference={reference} api={api} />
        </div>
      )}
    </section>
  );
}
