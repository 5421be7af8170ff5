import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, Banner, Button, Field, formatEuros, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { parseEuros, toCents } from '@kermesse/contracts-common';
import type { Night } from '@kermesse/contracts-bingo';
import { bingoApi, type VolunteerNight } from '../api/bingoApi';
import { useArea } from '../components/useArea';
import { EventField, useFairs } from '../components/EventField';

const day = (iso: string) => iso.split('-').reverse().join('/');

/** The loto nights: what a volunteer at the door or an admin opens first. */
/** The carton price typed cannot be read as an amount. */
export const CARTON_PRICE_UNREADABLE = 'Le champ « Prix du carton » doit être un montant en euros (ex. 30,50).';

export function NightsPage() {
  const area = useArea();
  const [nights, setNights] = useState<(Night | VolunteerNight)[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ name: '', heldOn: '', cartonPrice: '', eventId: '' });
  const [created, setCreated] = useState<Night | null>(null);
  const fairs = useFairs(area === 'admin');
  const openFairs = fairs.data?.filter((fair) => !fair.archived);
  // With one fair under way, it is the night's: nothing to choose.
  const eventId = form.eventId || (openFairs?.length === 1 ? String(openFairs[0]!.id) : '');

  const load = useCallback(async () => {
    if (!area) return;
    try {
      setNights(await bingoApi.listNights(area));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }, [area]);
  useEffect(() => void load(), [load]);

  async function handleCreate(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!form.name.trim()) return setError('Le champ « Nom » est obligatoire.');
    if (!form.heldOn) return setError('Le champ « Date » est obligatoire.');
    if (!form.cartonPrice.trim()) return setError('Le champ « Prix du carton » est obligatoire.');
    if (!eventId) return setError('Le champ « Événement » est obligatoire : choisissez la fête de la soirée.');
    // « 30,50 » is read as 30,50 € whatever the browser's language; what cannot be read is refused.
    if (parseEuros(form.cartonPrice) === null) return setError(CARTON_PRICE_UNREADABLE);
    try {
      setCreated(
        await bingoApi.createNight({
          name: form.name.trim(),
          heldOn: form.heldOn,
          cartonPrice: form.cartonPrice,
          eventId: Number(eventId),
        }),
      );
      setForm({ name: '', heldOn: '', cartonPrice: '', eventId: '' });
      await load();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }

  if (!nights) return error ? <Banner tone="error">{error}</Banner> : <Spinner label="Chargement des lotos…" />;

  return (
    <section className="bgo-nights">
      <h1>Soirées loto</h1>
      <div aria-live="polite">
        {error && <Banner tone="error">{error}</Banner>}
        {created && (
          <Banner tone="success">
            Soirée « {created.name} » créée.{created.warnings.map((w) => ` ${w}`)}
          </Banner>
        )}
      </div>
      {nights.length === 0 && <p className="k-muted">Aucune soirée loto pour l’instant.</p>}
      <ul className="bgo-night-list">
        {nights.map((night) => (
          <li key={night.id} className="k-card">
            <h2>{night.name}</h2>
            <p className="k-muted">
              {night.eventName ? `${night.eventName} · ` : ''}
              {day(night.heldOn)}
              {night.place ? ` · ${night.place}` : ''} · carton {formatEuros({ cents: toCents(night.cartonPrice) })}
              {(night.packs ?? []).map((pack) => ` · ${pack.nb} cartons ${formatEuros({ cents: toCents(pack.price) })}`).join('')}
            </p>
            {night.warnings.map((w) => (
              <Banner key={w} tone="error">
                {w}
              </Banner>
            ))}
            {area === 'admin' && night.eventId === null && (
              <Banner tone="error">
                Soirée sans événement : aucune caisse ne vend ses cartons. Choisissez son événement dans « Soirée et parties ».
              </Banner>
            )}
            <nav className="k-actions" aria-label={`Écrans de ${night.name}`}>
              <Link className="k-button k-button--primary" to={`${night.id}/placement`}>
                Placement des tables
              </Link>
              {(area === 'admin' || (night as VolunteerNight).canCall) && (
                <Link className="k-button k-button--secondary" to={`${night.id}/animateur`}>
                  Animateur
                </Link>
              )}
              <Link className="k-button k-button--secondary" to={`${night.id}/tableau`}>
                Tableau
              </Link>
              {area === 'admin' && (
                <>
                  <Link className="k-button k-button--secondary" to={`${night.id}/lots`}>
                    Lots
                  </Link>
                  <Link className="k-button k-button--secondary" to={`${night.id}/soiree`}>
                    Soirée et parties
                  </Link>
                  <Link className="k-button k-button--secondary" to={`${night.id}/cartons`}>
                    Cartons
                  </Link>
                  <Link className="k-button k-button--secondary" to={`${night.id}/reglement`}>
                    Règlement
                  </Link>
                </>
              )}
            </nav>
          </li>
        ))}
      </ul>
      {area === 'admin' && (
        <form className="k-card k-form k-form--narrow" onSubmit={(e) => void handleCreate(e)} noValidate aria-label="Nouvelle soirée loto">
          <h2>Nouvelle soirée loto</h2>
          <EventField
            id="night-event"
            events={fairs.data}
            failed={Boolean(fairs.error)}
            value={eventId}
            onChange={(value) => setForm({ ...form, eventId: value })}
          />
          <Field label="Nom" htmlFor="night-name">
            <TextInput id="night-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </Field>
          <Field label="Date" htmlFor="night-date">
            <TextInput id="night-date" type="date" value={form.heldOn} onChange={(e) => setForm({ ...form, heldOn: e.target.value })} />
          </Field>
          <Field label="Prix du carton (moins de 20 €)" htmlFor="night-price">
            <MoneyInput id="night-price" value={form.cartonPrice} onChange={(e) => setForm({ ...form, cartonPrice: e.target.value })} />
          </Field>
          <Button type="submit">Créer la soirée</Button>
        </form>
      )}
    </section>
  );
}
