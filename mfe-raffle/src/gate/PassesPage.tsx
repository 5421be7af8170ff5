/**
 * « Billets prévendus » (`/tombola/billets`, admin; docs/gate.md §1): issue a pre-sold ticket for an
 * event (an entry, a meal…, for one person or a family) and print its confirmation with the signed QR
 * code the gate checks.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, ErrorLine, Field, formatDate, Spinner, TextInput, useResource } from '@kermesse/ui-kit';
import { ThermalPrint, type PassesDocument } from '@kermesse/ui-kit/printing';
import { gateApi, type IssuedGatePass } from '../api/raffleApi';
import { AdminGate } from '../components/AdminGate';
import { QrCode } from './QrCode';
import { frenchTime } from './verdict';

/** Pre-sold tickets for the stall's thermal printer: one a ticket with its QR code, cut apart (docs/printing.md §4). */
export function passesDocument(event: string, passes: readonly IssuedGatePass[]): PassesDocument {
  return { kind: 'passes', event, passes: passes.map(({ holder, label, quantity, code }) => ({ holder, label, quantity, code })) };
}

export function PassesPage() {
  return (
    <AdminGate>
      <Passes />
    </AdminGate>
  );
}

function Passes() {
  const events = useResource(() => gateApi.listEvents().then((answer) => answer.items), []);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const eventId = chosen ?? events.data?.[0]?.id;
  const passes = useResource(
    () => (eventId ? gateApi.listPasses(eventId).then((answer) => answer.items) : Promise.resolve([] as IssuedGatePass[])),
    [eventId],
  );
  const [holder, setHolder] = useState('');
  const [label, setLabel] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (events.error) return <ErrorLine>Impossible de charger les événements.</ErrorLine>;
  if (!events.data) return <Spinner />;
  if (!events.data.length) return <p className="k-notice">Aucun événement : créez d'abord l'événement dans la caisse.</p>;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const count = Number(quantity);
    if (!holder.trim()) return setError('Le nom du titulaire est obligatoire.');
    if (!Number.isInteger(count) || count < 1 || count > 50) return setError('Le nombre de personnes va de 1 à 50.');
    setBusy(true);
    setError(null);
    try {
      await gateApi.issuePass({ eventId: eventId!, holder: holder.trim(), label: label.trim(), quantity: count });
      setHolder('');
      setLabel('');
      setQuantity('1');
      void passes.reload();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const event = events.data.find((e) => e.id === eventId);
  return (
    <div className="rf-passes">
      <section className="k-card rf-no-print">
        <h1>Billets prévendus</h1>
        <p className="k-muted">
          Chaque billet porte un QR code signé par l'association ; les bénévoles le contrôlent sur{' '}
          <Link to="/tombola/entree">Contrôle à l'entrée</Link>, même sans réseau.
        </p>
        <form className="k-form" onSubmit={handleSubmit} noValidate aria-label="Émettre un billet">
          <Field label="Événement" htmlFor="rf-passes-event">
            <select id="rf-passes-event" className="k-input" value={eventId} onChange={(e) => setChosen(Number(e.target.value))}>
              {events.data.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                  {e.startsOn ? ` — ${formatDate(e.startsOn)}` : ''}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Titulaire" htmlFor="rf-passes-holder">
            <TextInput
              id="rf-passes-holder"
              value={holder}
              maxLength={120}
              onChange={(e) => setHolder(e.target.value)}
              placeholder="Famille Durand"
            />
          </Field>
          <Field label="Objet (facultatif)" htmlFor="rf-passes-label">
            <TextInput
              id="rf-passes-label"
              value={label}
              maxLength={120}
              onChange={(e) => setLabel(e.target.value)}
              placeholder="Entrée + repas"
            />
          </Field>
          <Field label="Nombre de personnes" htmlFor="rf-passes-quantity">
            <TextInput id="rf-passes-quantity" value={quantity} inputMode="numeric" onChange={(e) => setQuantity(e.target.value)} />
          </Field>
          {error && <ErrorLine>{error}</ErrorLine>}
          <div>
            <Button type="submit" disabled={busy}>
              Émettre le billet
            </Button>{' '}
            <Button variant="secondary" onClick={() => window.print()} disabled={!passes.data?.length}>
              Imprimer les billets
            </Button>
          </div>
          <ThermalPrint
            label="Imprimer les billets sur le ticket"
            disabled={!passes.data?.length}
            documents={() => [passesDocument(event?.name ?? '', passes.data ?? [])]}
          />
        </form>
      </section>
      {Boolean(passes.error) && <ErrorLine>Impossible de charger les billets.</ErrorLine>}
      <ul className="rf-pass-list">
        {passes.data?.map((pass) => (
          <li key={pass.id} className="k-card rf-pass">
            <QrCode value={pass.code} label={`QR code du billet de ${pass.holder}`} />
            <div className="rf-pass__text">
              <strong>{pass.holder}</strong>
              {pass.label && <span>{pass.label}</span>}
              <span>{pass.quantity > 1 ? `${pass.quantity} personnes` : '1 personne'}</span>
              {event && <span className="k-muted">{event.name}</span>}
              <span className="k-muted rf-no-print">
                {pass.usedAt ? `Entré à ${frenchTime(pass.usedAt)} (${pass.usedDevice ?? ''})` : 'Pas encore entré'}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
