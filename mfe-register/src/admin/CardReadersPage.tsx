import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner, Button, ErrorLine, Field, Spinner, TextInput } from '@kermesse/ui-kit';
import { READER_STATUS_LABELS, readerLabel } from '@kermesse/contracts-register/rules';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import type { AdminCardReader } from './api/backOfficeApi';
import { messageOf, useLoad } from './useLoad';

/** Said when the server has no SumUp account: an association's own install (no demo data) uses the simulator too. */
export const SIMULATED_READERS_NOTE =
  "Lecteurs simulés : aucun compte SumUp n'est configuré sur ce serveur. Tout code de 8 caractères appaire un lecteur de test, qui n'encaisse rien. " +
  'Pour appairer vos lecteurs SumUp, la personne qui installe Kermesse renseigne CARD_PROVIDER=sumup, SUMUP_API_KEY et SUMUP_MERCHANT_CODE (voir le README).';

/** « Lecteurs CB »: the SumUp readers (or the simulator's, when no SumUp account is configured): pair, rename, unpair. */
export function CardReadersPage() {
  const api = useBackOfficeApi();
  const readers = useLoad(() => api.listReaders(), [api]);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handlePair = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const reader = await api.pairReader(code, name);
      setNotice(`Lecteur « ${reader.name} » appairé (${readerLabel(reader.device.identifier)}).`);
      setCode('');
      setName('');
      setError(null);
      await readers.reload();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="bo-page">
      <p>
        <Link to="..">← Tous les événements</Link>
      </p>
      <h1>Lecteurs CB</h1>
      {readers.data?.provider === 'simulator' && <p className="bo-muted">{SIMULATED_READERS_NOTE}</p>}
      {notice && <Banner tone="success">{notice}</Banner>}
      <form className="k-card bo-card k-form" onSubmit={handlePair}>
        <h2>Appairer un lecteur</h2>
        <p className="bo-muted">Sur le lecteur SumUp : Connexions → API → Connecter ; saisissez le code affiché.</p>
        <div className="bo-row">
          <Field label="Code d'appairage" htmlFor="reader-code">
            <TextInput
              id="reader-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={20}
            />
          </Field>
          <Field label="Nom du lecteur" htmlFor="reader-name">
            <TextInput id="reader-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </Field>
        </div>
        {error && <ErrorLine>{error}</ErrorLine>}
        <Button type="submit" disabled={busy}>
          Appairer
        </Button>
      </form>
      <div className="k-card bo-card">
        <h2>Lecteurs</h2>
        {readers.loading && !readers.data && <Spinner label="Chargement des lecteurs…" />}
        {readers.error && <ErrorLine>{readers.error}</ErrorLine>}
        {readers.data?.items.length === 0 && <p>Aucun lecteur appairé.</p>}
        <ul className="bo-names">
          {readers.data?.items.map((reader) => (
            <ReaderRow key={reader.id} reader={reader} onChanged={readers.reload} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function ReaderRow({ reader, onChanged }: { reader: AdminCardReader; onChanged: () => Promise<void> }) {
  const api = useBackOfficeApi();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(reader.name);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setError(null);
      setEditing(false);
      await onChanged();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <li className="bo-name">
      {editing ? (
        <form
          className="k-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => api.renameReader(reader.id, name));
          }}
        >
          <label className="k-visually-hidden" htmlFor={`reader-${reader.id}`}>
            Nouveau nom
          </label>
          <TextInput id={`reader-${reader.id}`} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          <Button type="submit">Enregistrer</Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Annuler
          </Button>
        </form>
      ) : (
        <>
          <span className="bo-name__label">
            <span>{reader.name || 'Sans nom'}</span>
            <span className="bo-muted">
              {' '}
              · {readerLabel(reader.device.identifier)} · {READER_STATUS_LABELS[reader.status] ?? reader.status}
            </span>
          </span>
          <span className="k-actions">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Renommer
            </Button>
            <Button variant="ghost" onClick={() => void run(() => api.unpairReader(reader.id))}>
              Désappairer
            </Button>
          </span>
        </>
      )}
      {error && <ErrorLine>{error}</ErrorLine>}
    </li>
  );
}
