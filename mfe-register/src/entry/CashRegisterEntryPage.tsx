import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, Button, ErrorLine, NETWORK_ERROR_MESSAGE, Spinner, TextInput } from '@kermesse/ui-kit';
import { forgetBearerToken, readBearerToken, storeBearerToken } from '../api/bearerToken';
import { registerApi, type CheckoutSummary, type EventSummary } from '../api/registerApi';
import { CheckoutRegister } from './CheckoutRegister';
import { queuedSalesCount } from '../sale/offlineQueue';
import { forgetSelection, readSelection, storeSelection } from './selection';

/** « [[ Changer de caisse ]] » while sales made offline are still on the device. */
export const QUEUE_NOT_EMPTY_MESSAGE =
  "des ventes faites hors ligne attendent encore d'être envoyées : la caisse ne peut pas être changée avant leur envoi (ou leur règlement si elles ont été refusées).";

/**
 * Cash-register entry (SPEC §2 and §4): load a bearer token, pick an event, then a register; the
 * register's sales screen then takes over. A token the server rejects is erased.
 */
export function CashRegisterEntryPage() {
  const [tokenInput, setTokenInput] = useState('');
  const [submittedToken, setSubmittedToken] = useState<string | null>(readBearerToken);
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  // The register this device chose opens at once, while the event list is asked (one round trip
  // less before the first sale on a phone, issue 15); it is let go if its event has gone.
  const [kept] = useState(() => (submittedToken ? readSelection() : null));
  const [selectedEventId, setSelectedEventId] = useState<number | null>(kept?.eventId ?? null);
  const [checkouts, setCheckouts] = useState<CheckoutSummary[] | null>(null);
  const [selectedCheckout, setSelectedCheckout] = useState<CheckoutSummary | null>(kept?.checkout ?? null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only the answer for the last chosen event may fill the register list.
  const checkoutsRequest = useRef(0);

  useEffect(() => {
    if (!submittedToken) return;
    let cancelled = false;
    setLoading(true);
    setError(null);

    const loadEvents = async () => {
      try {
        const list = await registerApi.listEvents();
        if (cancelled) return;
        setEvents(list);
        // A reload (online or offline) comes back to the register in use.
        const kept = readSelection();
        if (kept && list.some((item) => item.id === kept.eventId)) {
          setSelectedEventId(kept.eventId);
          setSelectedCheckout(kept.checkout);
          void loadCheckouts(kept.eventId);
        } else {
          // The kept register's event is no longer offered: back to the choice.
          if (kept) forgetSelection();
          setSelectedEventId(null);
          setSelectedCheckout(null);
        }
      } catch {
        const failure = await registerApi.ping().then(
          () => 'Failed to fetch events',
          (pingError: unknown) => {
            if (pingError instanceof ApiError && pingError.status === 0) return NETWORK_ERROR_MESSAGE;
            // A valid token whose account lacks the cashier role: keep it (an admin may add the role).
            if (pingError instanceof ApiError && pingError.status === 403) return "Ce compte n'a pas accès à la caisse.";
            return null;
          },
        );
        if (cancelled) return;
        if (failure) {
          setError(failure);
          return;
        }
        forgetBearerToken();
        forgetSelection();
        setSelectedEventId(null);
        setSelectedCheckout(null);
        setSubmittedToken(null);
        setEvents(null);
        setError('Token invalide ou non autorisé.');
      } finally {
        if (!cancelled) setLoading(false);
      }
    };
    void loadEvents();

    return () => {
      cancelled = true;
    };
  }, [submittedToken]);

  const handleTokenSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = tokenInput.trim();
    if (!token) return;
    storeBearerToken(token);
    setTokenInput('');
    setError(null);
    setSubmittedToken(token);
  };

  const handleEventChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const eventId = event.target.value === '' ? null : Number(event.target.value);
    if (eventId === selectedEventId) return;
    forgetSelection();
    setSelectedEventId(eventId);
    setSelectedCheckout(null);
    setError(null);
    if (eventId === null) {
      ++checkoutsRequest.current;
      setCheckouts(null);
      return;
    }
    await loadCheckouts(eventId);
  };

  async function loadCheckouts(eventId: number) {
    const request = ++checkoutsRequest.current;
    setCheckouts(null);
    setLoading(true);
    try {
      const list = await registerApi.listCheckouts(eventId);
      if (request === checkoutsRequest.current) setCheckouts(list);
    } catch {
      if (request === checkoutsRequest.current) setError('Failed to fetch checkouts');
    } finally {
      if (request === checkoutsRequest.current) setLoading(false);
    }
  }

  const handleChangeCheckout = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setError(null);
    const leave = () => {
      forgetSelection();
      setSelectedCheckout(null);
    };
    if (!selectedCheckout || typeof indexedDB === 'undefined') {
      leave();
      return;
    }
    void queuedSalesCount(selectedCheckout.id).then((count) => (count > 0 ? setError(QUEUE_NOT_EMPTY_MESSAGE) : leave()));
  };

  const errorLine = error && <ErrorLine id="register-error">Error: {error}</ErrorLine>;

  if (!submittedToken) {
    return (
      <section className="reg-page reg-narrow k-card">
        <h1>Charger un jeton d'authentification</h1>
        {errorLine}
        <form id="form-bearer-token" className="reg-token-form" onSubmit={handleTokenSubmit}>
          <TextInput
            id="bearer-token"
            name="bearerToken"
            aria-label="Bearer Token"
            placeholder="Entrez votre Bearer Token"
            autoComplete="off"
            spellCheck={false}
            required
            value={tokenInput}
            onChange={(event) => setTokenInput(event.target.value)}
          />
          <Button type="submit">Charger le Token</Button>
        </form>
      </section>
    );
  }

  return (
    <section className="reg-page">
      <h1>Caisse</h1>
      {!selectedCheckout && (
        <p className="reg-small">
          <Link to="remboursement">Rembourser une vente</Link>
        </p>
      )}
      {errorLine}
      {events && !selectedCheckout && (
        <div className="k-card reg-choice">
          <label className="k-field__label" htmlFor="event-select">
            Événement
          </label>
          <select
            id="event-select"
            className="k-select"
            value={selectedEventId ?? ''}
            disabled={events.length === 0}
            onChange={handleEventChange}
          >
            {events.length === 0 ? (
              <option value="">Aucun événement disponible</option>
            ) : (
              <>
                <option value="">Sélectionner un événement</option>
                {events.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </>
            )}
          </select>

          {checkouts && checkouts.length > 0 && (
            <div className="reg-checkouts" role="group" aria-label="Caisses">
              {checkouts.map((checkout) => (
                <Button
                  key={checkout.id}
                  className="reg-checkouts__button"
                  variant="secondary"
                  data-checkout-id={checkout.id}
                  onClick={() => {
                    setError(null);
                    if (selectedEventId !== null) storeSelection({ eventId: selectedEventId, checkout });
                    setSelectedCheckout(checkout);
                  }}
                >
                  {checkout.name}
                </Button>
              ))}
            </div>
          )}
          {checkouts && checkouts.length === 0 && <p className="reg-muted">Aucune caisse pour cet événement.</p>}
        </div>
      )}

      {loading && !selectedCheckout && <Spinner />}

      {selectedCheckout && selectedEventId !== null && (
        <>
          <p className="reg-selected" id="selected-checkout">
            Caisse sélectionnée : <strong>{selectedCheckout.name}</strong>{' '}
            <a href="#" className="reg-change" onClick={handleChangeCheckout}>
              [[ Changer de caisse ]]
            </a>
          </p>
          <CheckoutRegister
            checkoutId={selectedCheckout.id}
            eventId={selectedEventId}
            submittedToken={submittedToken}
            clickAndCollect={false}
            onLoadError={() => setError('Failed to fetch checkout details')}
          />
        </>
      )}
    </section>
  );
}
