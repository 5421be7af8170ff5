import { useState, type FormEvent } from 'react';
import { Button, ErrorLine, Field, TextInput } from '@kermesse/ui-kit';
import type { EventInput } from '@kermesse/contracts-register';
import { messageOf } from './useLoad';

export interface EventFormValues {
  name: string;
  startsOn: string;
  endsOn: string;
  place: string;
  description: string;
  /** Minutes without activity before a register of the event locks (empty: unchanged, 30 for a new event). */
  idleLockMinutes?: string;
}

export const emptyEvent: EventFormValues = { name: '', startsOn: '', endsOn: '', place: '', description: '', idleLockMinutes: '' };

const IDLE_LOCK_MAX = 720;
const idleMinutes = (raw: string | undefined): number | undefined | null => {
  const text = (raw ?? '').trim();
  if (!text) return undefined;
  return /^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= IDLE_LOCK_MAX ? Number(text) : null;
};

/** Form values → the API's body (empty dates and texts become null). */
export const toEventInput = (v: EventFormValues): EventInput => ({
  name: v.name,
  startsOn: v.startsOn || null,
  endsOn: v.endsOn || null,
  place: v.place || null,
  description: v.description || null,
  ...(idleMinutes(v.idleLockMinutes) ? { idleLockMinutes: idleMinutes(v.idleLockMinutes) as number } : {}),
});

/** Name, dates, place and public description of an event. */
export function EventForm({
  initial,
  submitLabel,
  idPrefix,
  onSubmit,
}: {
  initial: EventFormValues;
  submitLabel: string;
  idPrefix: string;
  onSubmit: (values: EventFormValues) => Promise<void>;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof EventFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) {
      setError("Le nom de l'événement est obligatoire.");
      return;
    }
    if (idleMinutes(values.idleLockMinutes) === null) {
      setError(`Le verrouillage de la caisse doit être un nombre de minutes entre 1 et ${IDLE_LOCK_MAX}.`);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="k-form" onSubmit={handleSubmit} noValidate>
      <Field label="Nom de l'événement" htmlFor={`${idPrefix}-name`}>
        <TextInput id={`${idPrefix}-name`} value={values.name} onChange={set('name')} required maxLength={120} />
      </Field>
      <div className="bo-row">
        <Field label="Date de début" htmlFor={`${idPrefix}-starts`}>
          <TextInput id={`${idPrefix}-starts`} type="date" value={values.startsOn} onChange={set('startsOn')} />
        </Field>
        <Field label="Date de fin" htmlFor={`${idPrefix}-ends`}>
          <TextInput id={`${idPrefix}-ends`} type="date" value={values.endsOn} onChange={set('endsOn')} />
        </Field>
      </div>
      <Field label="Lieu" htmlFor={`${idPrefix}-place`}>
        <TextInput id={`${idPrefix}-place`} value={values.place} onChange={set('place')} maxLength={200} />
      </Field>
      <Field label="Description publique" htmlFor={`${idPrefix}-description`}>
        <textarea
          id={`${idPrefix}-description`}
          className="k-input k-textarea"
          value={values.description}
          onChange={set('description')}
          maxLength={4000}
          rows={3}
        />
      </Field>
      <Field label="Verrouillage de la caisse après inactivité (minutes)" htmlFor={`${idPrefix}-idle-lock`}>
        <TextInput
          id={`${idPrefix}-idle-lock`}
          type="number"
          inputMode="numeric"
          min={1}
          max={IDLE_LOCK_MAX}
          step={1}
          placeholder="30"
          value={values.idleLockMinutes ?? ''}
          onChange={set('idleLockMinutes')}
        />
      </Field>
      {error && <ErrorLine>{error}</ErrorLine>}
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
