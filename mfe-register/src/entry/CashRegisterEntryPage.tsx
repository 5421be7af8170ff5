import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, Button, ErrorLine, findRegisterToken, NETWORK_ERROR_MESSAGE, Spinner, TextInput, useSession } from '@kermesse/ui-kit';
import { forgetBearerToken, SIGN_IN_PATH, storeBearerToken } from '../api/bearerToken';
import { registerApi, type CheckoutSummary, type EventSummary } from '../api/registerApi';
import { CheckoutRegister } from './CheckoutRegister';
import { queuedSalesCount } from '../sale/offlineQueue';
import { forgetSelection, readSelection, storeSelection } from './selection';

/** « Changer de caisse » while sales made offline are still on the device. */
export const QUEUE_NOT_EMPTY_MESSAGE =
  "des ventes faites hors ligne attendent encore d'être envoyées : la caisse ne peut pas être changée avant leur envoi (ou leur règlement si elles ont été refusées).";

/** What the signed-out register says after the server refused the session's token. */
export const SESSION_ENDED_MESSAGE = 'Votre session a expiré ou a été fermée : reconnectez-vous pour ouvrir la caisse.';

/** « 2 ventes faites hors ligne attendent sur cet appareil… » while nobody is signed in. */
export function waitingForSignInLabel(count: number): string {
  const sales = count > 1 ? `${count} ventes faites hors ligne attendent` : '1 vente faite hors ligne attend';
  return `${sales} sur cet appareil : ${count > 1 ? 'elles seront envoyées' : 'elle sera envoyée'} dès votre reconnexion.`;
}

/**
 * Cash-register entry (docs/spec.md §2 and §4). A person signed in with the cashier or admin role goes
 * straight to the event and the register, the register using the session's own token; a device with
 * no such session offers « Se connecter » and the spec's token form (a till PC loaded by hand). A token
 * the server rejects is erased (the session's: the person is signed out), while the sales made
 * offline stay on the device for the next sign-in.
 */
export function CashRegisterEntryPage() {
  const session = useSession();
  const [tokenInput, setTokenInput] = useState('');
  const [held, setHeld] = useState(() => findRegisterToken());
  const submittedToken = held?.token ?? null;
  // The session changed elsewhere on the page (signed in or out): the register follows it.
  const sessionToken = session.token;
  useEffect(() => {
    setHeld((current) => {
      const now = findRegisterToken();
      return now?.token === current?.token ? current : now;
    });
  }, [sessionToken]);
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  // The register this device chose opens at once, while the event list is asked (one round trip
  // less before the first sale on a phone); it is let go if its event has gone.
  const [kept] = useState(() => (submittedToken ? readSelection() : null));
  const [selectedEventId, setSelectedEventId] = useState<number | null>(kept?.eventId ?? null);
  const [checkouts, setCheckouts] = useState<CheckoutSummary[] | null>(null);
  const [selectedCheckout, setSelectedCheckout] = useState<CheckoutSummary | null>(kept?.checkout ?? null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [waitingSales, setWaitingSales] = useState(0);
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
          () => 'Impossible de récupérer les événements',
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
        // Refused: the token goes, the sales made offline stay (their register kept for the next sign-in).
        const kept = readSelection();
        const waiting = await queuedSalesCount(kept?.checkout.id);
        if (cancelled) return;
        if (waiting === 0) forgetSelection();
        if (held?.source === 'session') session.signOut();
        else forgetBearerToken();
        setSessionEnded(held?.source === 'session');
        setWaitingSales(waiting);
        setSelectedEventId(null);
        setSelectedCheckout(null);
        setHeld(findRegisterToken());
        setEvents(null);
        setError(held?.source === 'session' ? null : 'Token invalide ou non autorisé.');
      } finally {
        if (!cancelled) setLoading(false);
      }
    };
    void loadEvents();

    return () => {
      cancelled = true;
    };
    // `held` and `session` change with the token: the token alone decides when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submittedToken]);

  // Signed out: say whether sales made offline wait on this device for the next sign-in.
  useEffect(() => {
    if (submittedToken || typeof indexedDB === 'undefined') return;
    let live = true;
    void queuedSalesCount(undefined).then((count) => {
      if (live) setWaitingSales(count);
    });
    return () => {
      live = false;
    };
  }, [submittedToken]);

  const handleTokenSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = tokenInput.trim();
    if (!token) return;
    storeBearerToken(token);
    setTokenInput('');
    setError(null);
    setSessionEnded(false);
    setHeld({ token, source: 'loaded' });
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
      if (request === checkoutsRequest.current) setError('Impossible de récupérer les caisses');
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

  const errorLine = error && <ErrorLine id="register-error">Erreur : {error}</ErrorLine>;

  if (!submittedToken) {
    return (
      <section className="reg-page reg-narrow reg-signed-out">
        <div className="k-card reg-signin">
          <h1>Ouvrir la caisse</h1>
          {sessionEnded && (
            <p className="reg-signin__ended" role="alert">
              {SESSION_ENDED_MESSAGE}
            </p>
          )}
          {waitingSales > 0 && (
            <p className="reg-signin__waiting" role="status">
              {waitingForSignInLabel(waitingSales)}
            </p>
          )}
          <p>Connectez-vous avec votre compte, par mot de passe ou clé d'accès : la caisse s'ouvre ensuite directement.</p>
          <Link className="k-button k-button--primary reg-block" to={SIGN_IN_PATH}>
            Se connecter
          </Link>
        </div>
        <div className="k-card">
          <h2>Charger un jeton d'authentification</h2>
          <p className="reg-muted">Pour un poste de caisse sans compte : collez le jeton donné par un administrateur.</p>
          {errorLine}
          <form id="form-bearer-token" className="reg-token-form" onSubmit={handleTokenSubmit}>
            <TextInput
              id="bearer-token"
              name="bearerToken"
              aria-label="Jeton d'authentification"
              placeholder="Entrez votre jeton d'accès"
              autoComplete="off"
              spellCheck={false}
              required
              value={tokenInput}
              onChange={(event) => setTokenInput(event.target.value)}
            />
            <Button type="submit" variant="secondary">
              Charger le jeton
            </Button>
          </form>
        </div>
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
              Changer de caisse
            </a>
          </p>
          <CheckoutRegister
            checkoutId={selectedCheckout.id}
            eventId={selectedEventId}
            submittedToken={submittedToken}
            clickAndCollect={false}
            onLoadError={() => setError('Impossible de récupérer le détail de la caisse')}
          />
        </>
      )}
    </section>
  );
}
