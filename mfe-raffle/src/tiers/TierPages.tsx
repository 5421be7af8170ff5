/** The tier editor pages: update mode for an existing raffle or basket, create mode for a new one. */
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Field, TextInput } from '@kermesse/ui-kit';
import { raffleApi, type EventSummary, type Tier } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { GIFT_BASKET_TIER_MESSAGES, RAFFLE_TIER_MESSAGES } from './messages';
import { TierEditor } from './TierEditor';
import { useGiftBasketName, useRaffleName } from '../components/useRaffleName';

export function RaffleTiersPage() {
  const raffleId = Number(useParams().raffleId);
  const raffleName = useRaffleName(raffleId);
  const save = useCallback(
    async (price: Tier[]) => {
      await raffleApi.updateRaffleTiers(raffleId, { price });
    },
    [raffleId],
  );
  return (
    <>
      <Breadcrumbs items={[{ label: raffleName, to: `/tombola/${raffleId}` }, { label: 'Prix des tickets' }]} />
      <TierEditor id={raffleId} loadTiers={raffleApi.getRaffleTiers} saveTiers={save} messages={RAFFLE_TIER_MESSAGES} />
    </>
  );
}

export function GiftBasketTiersPage() {
  const basketId = Number(useParams().basketId);
  const basketName = useGiftBasketName(basketId);
  const save = useCallback(
    async (price: Tier[]) => {
      await raffleApi.updateGiftBasketTiers(basketId, { price });
    },
    [basketId],
  );
  return (
    <>
      <Breadcrumbs items={[{ label: basketName, to: `/tombola/paniers/${basketId}` }, { label: 'Prix des paris' }]} />
      <TierEditor id={basketId} loadTiers={raffleApi.getGiftBasketTiers} saveTiers={save} messages={GIFT_BASKET_TIER_MESSAGES} />
    </>
  );
}

/** The event a new raffle or basket belongs to, among those the register announced. */
function useEvents() {
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    raffleApi.listEvents().then(setEvents, () => setFailed(true));
  }, []);
  return { events, failed };
}

function EventSelect({
  events,
  value,
  onChange,
  disabled = false,
}: {
  events: EventSummary[] | null;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Field label="Événement" htmlFor={id}>
      <select id={id} className="k-select" value={value} onChange={(e) => onChange(e.target.value)} required disabled={disabled}>
        {events === null && <option value="">Chargement en cours...</option>}
        {events?.length === 0 && <option value="">Aucun événement disponible</option>}
        {events?.map((event) => (
          <option key={event.id} value={String(event.id)}>
            {event.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function NewRafflePage() {
  const { events, failed } = useEvents();
  const [eventId, setEventId] = useState('');
  const [name, setName] = useState('Tombola');
  const [tickets, setTickets] = useState('1000');
  const [created, setCreated] = useState<number | null>(null);
  const nameId = useId();
  const ticketsId = useId();

  useEffect(() => {
    if (events?.length && !eventId) setEventId(String(events[0]!.id));
  }, [events, eventId]);

  // Once created, the editor switches to update mode on that raffle: a second click updates it.
  const save = async (price: Tier[]) => {
    const settings = { price, name: name.trim() || undefined, tickets: Number(tickets) };
    if (created !== null) {
      await raffleApi.updateRaffleTiers(created, settings);
      return;
    }
    const answer = await raffleApi.createRaffle({ ...settings, eventId: eventId ? Number(eventId) : undefined });
    setCreated(answer.id);
  };

  return (
    <>
      <Breadcrumbs items={[{ label: created !== null ? name.trim() || 'Tombola' : 'Nouvelle tombola' }]} />
      <TierEditor
        id={created ?? undefined}
        loadTiers={raffleApi.getRaffleTiers}
        saveTiers={save}
        messages={RAFFLE_TIER_MESSAGES}
        after={
          created !== null && (
            <p>
              <Link to={`/tombola/${created}`}>Ouvrir la tombola créée</Link>
            </p>
          )
        }
      >
        {failed && <p className="k-error-line">Erreur lors du chargement des données</p>}
        <div className="rf-grid-3">
          <EventSelect events={events} value={eventId} onChange={setEventId} disabled={created !== null} />
          <Field label="Nom de la tombola" htmlFor={nameId}>
            <TextInput id={nameId} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
          </Field>
          <Field label="Nombre total de tickets" htmlFor={ticketsId}>
            <TextInput id={ticketsId} type="number" min={1} value={tickets} onChange={(e) => setTickets(e.target.value)} required />
          </Field>
        </div>
      </TierEditor>
    </>
  );
}

export function NewGiftBasketPage() {
  const { events, failed } = useEvents();
  const [eventId, setEventId] = useState('');
  const [name, setName] = useState('Paniers garnis');
  const [created, setCreated] = useState<number | null>(null);
  const nameId = useId();

  useEffect(() => {
    if (events?.length && !eventId) setEventId(String(events[0]!.id));
  }, [events, eventId]);

  // Once created, the editor switches to update mode on that basket: a second click updates it.
  const save = async (price: Tier[]) => {
    if (created !== null) {
      await raffleApi.updateGiftBasketTiers(created, { price, name: name.trim() || undefined });
      return;
    }
    const answer = await raffleApi.createGiftBasket({
      price,
      eventId: eventId ? Number(eventId) : undefined,
      name: name.trim() || undefined,
    });
    setCreated(answer.id);
  };

  return (
    <>
      <Breadcrumbs items={[{ label: created !== null ? name.trim() || 'Paniers garnis' : 'Nouveau panier garni' }]} />
      <TierEditor
        id={created ?? undefined}
        loadTiers={raffleApi.getGiftBasketTiers}
        saveTiers={save}
        messages={GIFT_BASKET_TIER_MESSAGES}
        after={
          created !== null && (
            <p>
              <Link to={`/tombola/paniers/${created}`}>Ouvrir les paniers garnis créés</Link>
            </p>
          )
        }
      >
        {failed && <p className="k-error-line">Erreur lors du chargement des données</p>}
        <div className="rf-grid-3">
          <EventSelect events={events} value={eventId} onChange={setEventId} disabled={created !== null} />
          <Field label="Nom" htmlFor={nameId}>
            <TextInput id={nameId} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
          </Field>
        </div>
      </TierEditor>
    </>
  );
}
