import { useState, type FormEvent } from 'react';
import { ApiError, Button, ErrorLine } from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import type { Person } from '../cart/types';
import { isOfflineBuyer, rememberOfflineBuyer } from '../sale/offlineBuyers';

export interface BuyerPanelProps {
  person: Person | null;
  onPerson: (person: Person | null) => void;
}

/** The typed e-mail is not the found person's (found by the phone): the cashier chooses. */
const emailDiffers = (typed: string, person: Person) => typed !== '' && (person.email ?? '').trim().toLowerCase() !== typed.toLowerCase();

/** Without network the buyer is named on the device and identified when the sale is sent. */
export const OFFLINE_BUYER_NOTICE =
  "Hors ligne : saisissez le prénom et le nom ; l'acheteur sera identifié (ou créé) à l'envoi de la vente.";

const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const messageOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : 'Erreur inconnue');

/**
 * Identify the buyer (docs/spec.md §2): e-mail and phone with « Identifier »; when nobody matches, Prénom and
 * Nom with « Créer » and « Annuler »; once identified, name, id, phone and e-mail with « Réinitialiser ».
 */
export function BuyerPanel({ person, onPerson }: BuyerPanelProps) {
  const api = useCheckoutApi();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<Person | null>(null);
  const [offlineEntry, setOfflineEntry] = useState(false);

  if (person) {
    return (
      <section className="reg-buyer reg-buyer--identified" aria-label="Acheteur">
        <div className="reg-buyer__who">
          <strong className="reg-buyer__name">
            {person.firstname} {person.lastname}
          </strong>
          <span className="reg-buyer__id">{isOfflineBuyer(person) ? 'à identifier au retour du réseau' : `n° ${person.id}`}</span>
          <span className="reg-buyer__contact" title={[person.phone, person.email].filter(Boolean).join(' · ')}>
            {[person.phone, person.email].filter(Boolean).join(' · ') || 'Sans coordonnées'}
          </span>
        </div>
        <Button
          variant="ghost"
          onClick={() => {
            onPerson(null);
            setEmail('');
            setPhone('');
            setFirstName('');
            setLastName('');
            setCreating(false);
            setMismatch(null);
            setOfflineEntry(false);
          }}
        >
          Réinitialiser
        </Button>
      </section>
    );
  }

  const handleIdentify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() && !phone.trim()) return;
    setError(null);
    if (offlineNow()) {
      setOfflineEntry(true);
      setCreating(true);
      return;
    }
    setBusy(true);
    try {
      const found = await api.findPerson({ email: email.trim(), phone: phone.trim() });
      if (found && emailDiffers(email.trim(), found)) setMismatch(found);
      else if (found) onPerson(found);
      else setCreating(true);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 0) {
        // No answer: the network is gone, name the buyer on the device.
        setOfflineEntry(true);
        setCreating(true);
        return;
      }
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const handleCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Both names are required (docs/spec.md §5).
    if (!firstName.trim() || !lastName.trim()) return;
    if (offlineEntry) {
      onPerson(rememberOfflineBuyer({ firstname: firstName.trim(), lastname: lastName.trim(), email: email.trim(), phone: phone.trim() }));
      setCreating(false);
      setOfflineEntry(false);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onPerson(
        await api.createPerson({ email: email.trim(), phone: phone.trim(), firstName: firstName.trim(), lastName: lastName.trim() }),
      );
      setCreating(false);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  if (mismatch) {
    const name = `${mismatch.firstname} ${mismatch.lastname}`.trim();
    return (
      <section className="reg-buyer" aria-label="Acheteur à confirmer">
        <p className="reg-buyer__notice" role="alert">
          L'e-mail saisi ({email.trim()}) n'est pas celui de {name}, trouvé(e) par son téléphone
          {mismatch.email ? ` (e-mail : ${mismatch.email})` : ' (sans e-mail)'}.
        </p>
        <div className="reg-buyer__actions">
          <Button
            onClick={() => {
              setMismatch(null);
              onPerson(mismatch);
            }}
          >
            C'est {name}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setMismatch(null);
              setCreating(true);
            }}
          >
            Nouvelle personne
          </Button>
          <Button variant="ghost" onClick={() => setMismatch(null)}>
            Annuler
          </Button>
        </div>
      </section>
    );
  }

  if (creating) {
    return (
      <form className="reg-buyer" aria-label="Créer l'acheteur" onSubmit={handleCreate}>
        <p className="reg-buyer__notice">
          {offlineEntry ? OFFLINE_BUYER_NOTICE : `Personne inconnue : ${[email.trim(), phone.trim()].filter(Boolean).join(' · ')}`}
        </p>
        <div className="reg-buyer__fields">
          <input
            className="k-input"
            aria-label="Prénom"
            placeholder="Prénom"
            autoComplete="off"
            required
            autoFocus
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
          <input
            className="k-input"
            aria-label="Nom"
            placeholder="Nom"
            autoComplete="off"
            required
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
          />
        </div>
        {error && <ErrorLine>{error}</ErrorLine>}
        <div className="reg-buyer__actions">
          <Button type="submit" disabled={busy || !firstName.trim() || !lastName.trim()}>
            {offlineEntry ? "Enregistrer l'acheteur" : 'Créer'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setCreating(false);
              setOfflineEntry(false);
              setError(null);
            }}
          >
            Annuler
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className="reg-buyer" aria-label="Identifier l'acheteur" onSubmit={handleIdentify}>
      <div className="reg-buyer__fields">
        <input
          className="k-input"
          type="email"
          aria-label="E-mail de l'acheteur"
          placeholder="E-mail"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <input
          className="k-input"
          type="tel"
          inputMode="tel"
          aria-label="Téléphone de l'acheteur"
          placeholder="Téléphone"
          autoComplete="off"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={busy || (!email.trim() && !phone.trim())}>
          Identifier
        </Button>
      </div>
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}
