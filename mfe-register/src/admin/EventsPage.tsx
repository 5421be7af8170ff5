import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ErrorLine, Field, formatDate, Spinner, TextInput } from '@kermesse/ui-kit';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import type { AdminEvent } from './api/backOfficeApi';
import { EventForm, emptyEvent, toEventInput } from './EventForm';
import { messageOf, useLoad } from './useLoad';
import { TillManagersSection } from './TillManagersSection';

/** « Gestion de la fête »: every event, a new one, or next year's from a past one. */
export function EventsPage() {
  const api = useBackOfficeApi();
  const navigate = useNavigate();
  const events = useLoad(() => api.listEvents(), [api]);
  const [creating, setCreating] = useState(false);

  const handleCreate = async (values: typeof emptyEvent) => {
    const event = await api.createEvent(toEventInput(values));
    navigate(`evenements/${event.id}`);
  };

  return (
    <section className="bo-page">
      <header className="k-page-header bo-page__head">
        <h1>Gestion de la fête</h1>
        <span className="k-actions">
          <Link className="k-button k-button--secondary" to="lecteurs">
            Lecteurs CB
          </Link>
          <Link className="k-button k-button--secondary" to="webhooks">
            Webhooks
          </Link>
          <Link className="k-button k-button--secondary" to="conformite">
            Conformité de la caisse
          </Link>
          <Button onClick={() => setCreating((v) => !v)} aria-expanded={creating}>
            Nouvel événement
          </Button>
        </span>
      </header>
      {creating && (
        <div className="k-card bo-card">
          <h2>Nouvel événement</h2>
          <EventForm initial={emptyEvent} submitLabel="Créer l'événement" idPrefix="new-event" onSubmit={handleCreate} />
        </div>
      )}
      {events.loading && !events.data && <Spinner label="Chargement des événements…" />}
      {events.error && <ErrorLine>{events.error}</ErrorLine>}
      {events.data?.length === 0 && <p>Aucun événement pour l'instant : créez votre première fête.</p>}
      <ul className="bo-list">
        {events.data?.map((event) => (
          <EventCard key={event.id} event={event} onDuplicated={(id) => navigate(`evenements/${id}`)} />
        ))}
      </ul>
      <TillManagersSection />
    </section>
  );
}

function EventCard({ event, onDuplicated }: { event: AdminEvent; onDuplicated: (id: number) => void }) {
  const api = useBackOfficeApi();
  const [duplicating, setDuplicating] = useState(false);
  const [name, setName] = useState(`${event.name} (copie)`);
  const [startsOn, setStartsOn] = useState('');
  const [raffleName, setRaffleName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Last year's raffle comes back under a new name, typed here (« Tombola 2027 »).
  const raffles = event.raffles ?? [];
  const handleDuplicate = async (e: FormEvent) => {
    e.preventDefault();
    if (raffles.length && !raffleName.trim()) {
      setError('Le champ « Nom de la tombola » est obligatoire : la tombola recopiée prend un nouveau nom.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const copy = await api.duplicateEvent(event.id, {
        name,
        startsOn: startsOn || null,
        ...(raffles.length ? { raffleName: raffleName.trim() } : {}),
      });
      onDuplicated(copy.id);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const dates = [event.startsOn, event.endsOn]
    .filter(Boolean)
    .map((d) => formatDate(d!))
    .join(' – ');
  return (
    <li className="k-card bo-card bo-event">
      <div className="bo-event__head">
        <h2>
          <Link to={`evenements/${event.id}`}>{event.name}</Link>
        </h2>
        {event.archived && <span className="k-badge">Archivé</span>}
      </div>
      <p className="bo-muted">{[dates, event.place].filter(Boolean).join(' · ') || 'Dates et lieu à préciser'}</p>
      <div className="k-actions">
        <Link className="k-button k-button--primary" to={`evenements/${event.id}`}>
          Gérer
        </Link>
        <Button variant="secondary" onClick={() => setDuplicating((v) => !v)} aria-expanded={duplicating}>
          Dupliquer
        </Button>
      </div>
      {duplicating && (
        <form className="k-form" onSubmit={handleDuplicate} noValidate>
          <p className="bo-muted">
            Caisses, catégories, produits, prix et formule sont recopiés, ainsi que la tombola, les paniers garnis et les soirées loto
            (parties, lots, prix du carton) ; ni ventes, ni stock, ni cartons vendus, ni places réservées.
          </p>
          <Field label="Nom du nouvel événement" htmlFor={`dup-name-${event.id}`}>
            <TextInput id={`dup-name-${event.id}`} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Date de début" htmlFor={`dup-starts-${event.id}`}>
            <TextInput id={`dup-starts-${event.id}`} type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
          </Field>
          {raffles.length > 0 && (
            <Field label="Nom de la tombola" htmlFor={`dup-raffle-${event.id}`}>
              <TextInput
                id={`dup-raffle-${event.id}`}
                value={raffleName}
                onChange={(e) => setRaffleName(e.target.value)}
                placeholder={`ex. Tombola ${(startsOn ? Number(startsOn.slice(0, 4)) : new Date().getFullYear() + 1) || ''}`}
                aria-describedby={`dup-raffle-help-${event.id}`}
                required
              />
              <small id={`dup-raffle-help-${event.id}`} className="bo-muted">
                Tombola de l’an dernier : {raffles.join(', ')}.
              </small>
            </Field>
          )}
          {error && <ErrorLine>{error}</ErrorLine>}
          <Button type="submit" disabled={busy}>
            Dupliquer l'événement
          </Button>
        </form>
      )}
    </li>
  );
}
