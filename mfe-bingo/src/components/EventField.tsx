import { Field, useResource } from '@kermesse/ui-kit';
import { bingoApi, type AdminEvent } from '../api/bingoApi';

/** The register's fairs, asked once per screen (the night's « Événement » field) — by an administrator only. */
export function useFairs(enabled = true) {
  return useResource(enabled ? () => bingoApi.listEvents() : null, [enabled]);
}

/**
 * The night's « Événement »: the fair whose registers sell its cartons and whose result counts its
 * prizes. Archived fairs are left out, except the night's own; once a carton is sold the night stays
 * in its fair (`locked`), as the server also insists.
 */
export function EventField({
  id,
  events,
  failed,
  value,
  onChange,
  locked = false,
}: {
  id: string;
  events: AdminEvent[] | undefined;
  failed: boolean;
  value: string;
  onChange: (value: string) => void;
  locked?: boolean;
}) {
  const choices = (events ?? []).filter((event) => !event.archived || String(event.id) === value);
  return (
    <Field label="Événement" htmlFor={id}>
      <select
        id={id}
        className="k-select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        disabled={locked || events === undefined}
        aria-describedby={locked ? `${id}-locked` : undefined}
      >
        {events === undefined && <option value="">{failed ? 'Événements indisponibles' : 'Chargement des événements…'}</option>}
        {events !== undefined && (
          <option value="">{choices.length ? 'Choisissez l’événement' : 'Aucun événement : créez d’abord la fête'}</option>
        )}
        {choices.map((event) => (
          <option key={event.id} value={String(event.id)}>
            {event.name}
          </option>
        ))}
      </select>
      {locked && (
        <small id={`${id}-locked`} className="k-muted">
          Des cartons sont déjà vendus : la soirée reste dans cet événement.
        </small>
      )}
    </Field>
  );
}
