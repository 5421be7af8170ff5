import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorLine, useResource } from '@kermesse/ui-kit';
import { registerAdminApi, type CheckoutSummary } from '../api/registerAdminApi';
import { stockApi } from '../api/stockApi';

export interface PickedCheckout {
  eventId: number;
  checkout: CheckoutSummary;
}

/**
 * Chooses an event, then one of its registers (kept in the address: ?evenement=&caisse=), and
 * hands the chosen register to the page. Without a choice it opens on the fair the stock service
 * calls current (on today or next by date, as the stock state and the inventory do), not on the
 * first one listed.
 */
export function CheckoutPicker({ children }: { children(picked: PickedCheckout): ReactNode }) {
  const [params, setParams] = useSearchParams();
  const eventList = useResource(() => registerAdminApi.listEvents(), []);
  const events = eventList.data ?? null;
  const eventField = useId();
  const checkoutField = useId();
  const asked = Number(params.get('evenement')) || null;
  // The stock service's current fair (the stock down: the first one listed).
  const current = useResource(
    asked
      ? null
      : () =>
          stockApi.getStocks().then(
            (answer) => answer.event?.id ?? null,
            () => null,
          ),
    [asked],
  );
  const fallback = current.loading ? null : events?.find((event) => event.id === current.data)?.id || events?.[0]?.id || null;
  const eventId = asked || fallback;
  const checkoutId = Number(params.get('caisse')) || null;

  const checkoutList = useResource(eventId ? () => registerAdminApi.listCheckouts(eventId) : null, [eventId]);
  const checkouts = checkoutList.data ?? null;
  const error = eventList.error
    ? 'Impossible de récupérer les événements'
    : checkoutList.error
      ? 'Impossible de récupérer les caisses'
      : null;

  const checkout = checkouts?.find((c) => c.id === checkoutId) ?? null;
  return (
    <>
      <div className="stk-pickers k-no-print">
        <div className="stk-chooser">
          <label className="k-field__label" htmlFor={eventField}>
            Événement
          </label>
          <select
            id={eventField}
            className="k-select"
            value={eventId ?? ''}
            disabled={!events || events.length === 0}
            onChange={(e) => setParams(e.target.value ? { evenement: e.target.value } : {})}
          >
            {events && events.length === 0 && <option value="">Aucun événement disponible</option>}
            {events?.map((event) => (
              <option key={event.id} value={event.id}>
                {event.name}
              </option>
            ))}
          </select>
        </div>
        <div className="stk-chooser">
          <label className="k-field__label" htmlFor={checkoutField}>
            Caisse
          </label>
          <select
            id={checkoutField}
            className="k-select"
            value={checkout?.id ?? ''}
            disabled={!checkouts || checkouts.length === 0}
            onChange={(e) =>
              setParams(e.target.value ? { evenement: String(eventId), caisse: e.target.value } : { evenement: String(eventId) })
            }
          >
            <option value="">{checkouts && checkouts.length === 0 ? 'Aucune caisse pour cet événement' : 'Sélectionner une caisse'}</option>
            {checkouts?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && <ErrorLine>Erreur : {error}</ErrorLine>}
      {eventId && checkout ? children({ eventId, checkout }) : null}
    </>
  );
}
