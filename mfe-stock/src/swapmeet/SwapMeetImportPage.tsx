import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, Banner, Button, ErrorLine, formatDate, Modal, Spinner, TextInput } from '@kermesse/ui-kit';
import { swapmeetApi, type BookingImportResult, type BookingsAnswer, type SwapMeet } from '../api/swapmeetApi';
import { serverMessage } from '../components/messages';
import { isCsvFile } from '../import/csvFile';
import { FileField } from '../components/FileField';
import { BookingsTable } from './BookingsTable';

export const NO_SWAPMEET = 'Identifiant du vide-grenier introuvable';
export const NO_FILE = 'Veuillez sélectionner un fichier CSV';
export const LOAD_FAILED = 'Une erreur est survenue lors du chargement des réservations';
export const IMPORT_FAILED = "Une erreur est survenue lors de l'importation";
export const RESET_FAILED = 'Une erreur est survenue lors de la suppression des réservations';
export const UNEXPECTED = 'Une erreur inattendue est survenue';
export const RESET_CONFIRMATION =
  'Êtes-vous sûr de vouloir supprimer toutes les réservations de ce vide-grenier ? Cette action est irréversible.';
/** docs/spec.md §9: the bookings are reloaded 1 s after a real import. */
export const RELOAD_DELAY_MS = 1000;

/** A failure's message: the server's, else the screen's fallback, else « Une erreur inattendue est survenue ». */
const describe = (error: unknown, fallback: string) => (error instanceof ApiError ? serverMessage(error, fallback) : UNEXPECTED);

/**
 * docs/spec.md §2/§4 swap-meet booking importer with the table of existing bookings. The swap-meet is
 * `swapMeetId`, else the `id` query parameter; without either, the swap-meets to choose from.
 * « Identifiant du vide-grenier introuvable » is said only when an id was given that names no swap-meet — never
 * before anything was chosen.
 */
export function SwapMeetImportPage({ swapMeetId }: { swapMeetId?: number }) {
  const [params] = useSearchParams();
  const given = params.get('id');
  const id = swapMeetId ?? (given !== null && /^\d+$/.test(given.trim()) ? Number(given) || null : null);
  if (!id) return <SwapMeetChooser unknownId={given !== null && given.trim() !== ''} />;
  return <SwapMeetImporter key={id} swapMeetId={id} />;
}

function SwapMeetImporter({ swapMeetId }: { swapMeetId: number }) {
  const [bookings, setBookings] = useState<BookingsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [testMode, setTestMode] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BookingImportResult | null>(null);
  const [testedFile, setTestedFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ids = { test: useId() };

  const loadBookings = useCallback(async () => {
    try {
      setBookings(await swapmeetApi.getBookings(swapMeetId));
      setLoadError(null);
    } catch (failure) {
      setLoadError(describe(failure, LOAD_FAILED));
    }
  }, [swapMeetId]);

  useEffect(() => {
    void loadBookings();
    return () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    };
  }, [loadBookings]);

  const realImportAllowed = !testMode && file !== null && testedFile === file;

  const handleFileChange = (chosen: File | null) => {
    setFile(chosen);
    setTestedFile(null);
    setResult(null);
    setError(null);
  };

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    if (!file) return setError(NO_FILE);
    if (!isCsvFile(file)) return setError('Veuillez sélectionner un fichier CSV valide');
    if (!testMode && !realImportAllowed) return;
    setBusy(true);
    try {
      const answer = await swapmeetApi.importBookings(file, swapMeetId, testMode);
      setResult(answer);
      if (testMode) {
        // docs/spec.md §4: the real import needs a test whose status is « dry-run ».
        setTestedFile(answer.status === 'dry-run' ? file : null);
      } else {
        setTestedFile(null);
        setTestMode(true);
        reloadTimer.current = setTimeout(() => void loadBookings(), RELOAD_DELAY_MS);
      }
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as Partial<BookingImportResult> | undefined) : undefined;
      if (body && Array.isArray(body.errors)) setResult(body as BookingImportResult);
      setTestedFile(null);
      setError(describe(failure, IMPORT_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const handleReset = async () => {
    setConfirming(false);
    setError(null);
    try {
      const answer = await swapmeetApi.resetBookings(swapMeetId);
      setNotice(answer.message);
      setResult(null);
      await loadBookings();
    } catch (failure) {
      setError(describe(failure, RESET_FAILED));
    }
  };

  if (loadError && !bookings) {
    return (
      <section className="k-page" aria-labelledby="swapmeet-title">
        <header className="k-page-header stk-header">
          <h1 id="swapmeet-title">Vide-grenier</h1>
        </header>
        <ErrorLine id="bookings-error">{loadError}</ErrorLine>
        <p>
          <Link to="?">Choisir un autre vide-grenier</Link>
        </p>
      </section>
    );
  }
  if (!bookings) return <Spinner />;

  return (
    <section className="k-page" aria-labelledby="swapmeet-title">
      <header className="k-page-header stk-header">
        <div>
          <h1 id="swapmeet-title">Vide-grenier</h1>
          <p className="k-muted">
            {bookings.swapmeet.name}
            {bookings.swapmeet.held_on && ` — ${formatDate(bookings.swapmeet.held_on)}`} · <Link to="?">Changer de vide-grenier</Link>
          </p>
        </div>
      </header>

      <form className="k-card k-form k-form--narrow" onSubmit={handleSubmit} noValidate>
        <h2>Importer des réservations</h2>
        <p className="k-muted">
          Fichier CSV avec les colonnes nom ; telephone ; metres ; montant ; paye ; date_reservation (une réservation par ligne).
        </p>
        <input type="hidden" name="format" value="custom" />
        <FileField label="Fichier CSV" onChange={handleFileChange} />
        <label className="k-check" htmlFor={ids.test}>
          <input id={ids.test} type="checkbox" checked={testMode} onChange={(e) => setTestMode(e.target.checked)} />
          Mode test (aucune réservation enregistrée)
        </label>
        {error && <ErrorLine id="swapmeet-error">{error}</ErrorLine>}
        <div className="k-actions k-actions--roomy">
          <Button type="submit" disabled={busy || (!testMode && !realImportAllowed)}>
            {testMode ? "Tester l'import" : 'Importer'}
          </Button>
          {!testMode && !realImportAllowed && (
            <span className="k-muted">L'import réel est possible après un test sans erreur de ce fichier.</span>
          )}
        </div>
        {busy && <Spinner label="Import en cours…" />}
      </form>

      {result && (
        <section className="k-card stk-result" id="swapmeet-result" aria-labelledby="swapmeet-result-title">
          <h2 id="swapmeet-result-title">Résultat {result.status === 'success' ? "de l'import" : 'du test'}</h2>
          <Banner tone={result.status === 'error' ? 'error' : 'success'}>{result.message}</Banner>
          {result.errors.length > 0 && (
            <ul className="k-errors" aria-label="Erreurs">
              {result.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
          {result.status !== 'error' && result.data.length > 0 && (
            <BookingsTable
              caption={result.status === 'dry-run' ? 'Réservations lues dans le fichier' : 'Réservations importées'}
              bookings={result.data}
              summary={result.summary}
            />
          )}
        </section>
      )}

      <section className="k-card stk-bookings" aria-labelledby="bookings-title">
        <div className="stk-bookings__head">
          <h2 id="bookings-title">Réservations enregistrées</h2>
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={bookings.total === 0}>
            Supprimer toutes les réservations
          </Button>
        </div>
        {notice && <Banner tone="success">{notice}</Banner>}
        {loadError && <ErrorLine>{loadError}</ErrorLine>}
        {bookings.data.length === 0 ? (
          <p className="k-muted">Aucune réservation pour ce vide-grenier.</p>
        ) : (
          <BookingsTable bookings={bookings.data} summary={bookings.summary} total={bookings.total} />
        )}
      </section>

      {confirming && (
        <Modal
          title="Supprimer les réservations"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Annuler
              </Button>
              <Button variant="danger" onClick={handleReset}>
                Supprimer
              </Button>
            </>
          }
        >
          <p>{RESET_CONFIRMATION}</p>
        </Modal>
      )}
    </section>
  );
}

/** Without a swap-meet id: the swap-meets to pick and a form to add one (the spec message only for an unreadable id). */
function SwapMeetChooser({ unknownId }: { unknownId: boolean }) {
  const [swapMeets, setSwapMeets] = useState<SwapMeet[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [heldOn, setHeldOn] = useState('');
  const [, setParams] = useSearchParams();
  const ids = { name: useId(), date: useId() };

  useEffect(() => {
    swapmeetApi.listSwapMeets().then(setSwapMeets, (failure: unknown) => setError(describe(failure, LOAD_FAILED)));
  }, []);

  const handleCreate = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!name.trim()) return;
    try {
      const created = await swapmeetApi.createSwapMeet(name.trim(), heldOn || null);
      setParams({ id: String(created.id) });
    } catch (failure) {
      setError(describe(failure, UNEXPECTED));
    }
  };

  return (
    <section className="k-page" aria-labelledby="swapmeet-choose-title">
      <header className="k-page-header stk-header">
        <h1 id="swapmeet-choose-title">Vide-grenier</h1>
      </header>
      {unknownId ? (
        <ErrorLine id="swapmeet-missing">{NO_SWAPMEET}</ErrorLine>
      ) : (
        <p className="k-muted">Choisissez le vide-grenier dont vous importez les réservations, ou créez-en un.</p>
      )}
      {error && <ErrorLine>{error}</ErrorLine>}
      <div className="stk-columns">
        <section className="k-card" aria-labelledby="swapmeet-list-title">
          <h2 id="swapmeet-list-title">Choisir un vide-grenier</h2>
          {!swapMeets && !error && <Spinner />}
          {swapMeets && swapMeets.length === 0 && <p className="k-muted">Aucun vide-grenier pour l'instant.</p>}
          <ul className="stk-swapmeets">
            {swapMeets?.map((s) => (
              <li key={s.id}>
                <Link to={`?id=${s.id}`} className="stk-swapmeet">
                  <strong>{s.name}</strong>
                  <span className="k-muted">
                    {s.held_on ? formatDate(s.held_on) : 'Date à définir'} · {s.bookings_count ?? 0} réservation
                    {(s.bookings_count ?? 0) > 1 ? 's' : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <form className="k-card" onSubmit={handleCreate} aria-labelledby="swapmeet-new-title">
          <h2 id="swapmeet-new-title">Nouveau vide-grenier</h2>
          <div className="k-field">
            <label className="k-field__label" htmlFor={ids.name}>
              Nom
            </label>
            <TextInput id={ids.name} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="k-field">
            <label className="k-field__label" htmlFor={ids.date}>
              Date
            </label>
            <TextInput id={ids.date} type="date" value={heldOn} onChange={(e) => setHeldOn(e.target.value)} />
          </div>
          <Button type="submit" disabled={!name.trim()}>
            Créer
          </Button>
        </form>
      </div>
    </section>
  );
}
