import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, Banner, Button, ErrorLine, Field, Spinner, TextInput } from '@kermesse/ui-kit';
import type { Board, CheckResult } from '@kermesse/contracts-bingo';
import { bingoApi, type TieBreak } from '../api/bingoApi';
import { useArea, useNightId } from '../components/useArea';

const NUMBERS = Array.from({ length: 90 }, (_, i) => i + 1);

/**
 * Where an error is said: beside the form it answers — on a phone the carton check sits a screen
 * below the balls, and a refusal at the top of the page (a wrong check digit) went unseen.
 */
type ErrorPlace = 'page' | 'ball' | 'carton' | 'tie';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/**
 * The caller's console: enter each ball read from the cage (or draw one when there is no cage),
 * undo the last one, pause for a check, check a carton by its number, break a tie, next partie.
 */
export function CallerPage() {
  const id = useNightId();
  const area = useArea() ?? 'volunteer';
  const [board, setBoard] = useState<Board | null>(null);
  const [ball, setBall] = useState('');
  const [carton, setCarton] = useState('');
  const [check, setCheck] = useState<CheckResult | null>(null);
  const [tie, setTie] = useState('');
  const [tieResult, setTieResult] = useState<TieBreak | null>(null);
  const [keepBalls, setKeepBalls] = useState(true);
  const [failure, setFailure] = useState<{ at: ErrorPlace; text: string } | null>(null);
  const setError = (text: string | null, at: ErrorPlace = 'page') => setFailure(text === null ? null : { at, text });
  const errorAt = (at: ErrorPlace) => (failure?.at === at ? failure.text : null);
  const [busy, setBusy] = useState(false);
  const ballInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setBoard(await bingoApi.board(area, id));
    } catch (err) {
      setFailure({ at: 'page', text: messageOf(err) });
    }
  }, [area, id]);
  useEffect(() => void load(), [load]);

  async function act(action: () => Promise<Board>) {
    setBusy(true);
    setError(null);
    try {
      setBoard(await action());
      return true;
    } catch (err) {
      setError(messageOf(err), 'ball');
      return false;
    } finally {
      setBusy(false);
      ballInput.current?.focus();
    }
  }

  async function handleBall(event: FormEvent) {
    event.preventDefault();
    const number = Number(ball.trim());
    if (!/^\d{1,2}$/.test(ball.trim()) || number < 1 || number > 90) {
      setError('Le champ « Boule » doit être un numéro de 1 à 90.', 'ball');
      return;
    }
    if (await act(() => bingoApi.callBall(area, id, { number }))) setBall('');
  }

  async function handleCheck(event: FormEvent) {
    event.preventDefault();
    setCheck(null);
    setError(null);
    if (!carton.trim()) {
      setError('Le champ « Numéro du carton » est obligatoire.', 'carton');
      return;
    }
    try {
      setCheck(await bingoApi.check(area, id, carton.trim()));
    } catch (err) {
      setError(messageOf(err), 'carton');
    }
  }

  async function handleTie(event: FormEvent) {
    event.preventDefault();
    setTieResult(null);
    setError(null);
    const cartons = tie
      .split(/[\s,;]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    try {
      setTieResult(await bingoApi.tieBreak(area, id, cartons));
    } catch (err) {
      setError(messageOf(err), 'tie');
    }
  }

  if (!board) return failure ? <Banner tone="error">{failure.text}</Banner> : <Spinner label="Chargement de la partie…" />;
  const drawn = new Set(board.drawn);

  return (
    <section className="bgo-caller">
      <header className="bgo-caller__head">
        <h1>Animateur — {board.name}</h1>
        <p>
          {board.partie
            ? `Partie ${board.partie.number}/${board.partiesCount} — ${board.partie.kindLabel}${board.partie.prizes.length ? ` : ${board.partie.prizes.map((p) => p.label).join(', ')}` : ''}`
            : 'Aucune partie définie'}
          {' · '}
          <Link to={`../tableau`} relative="path" target="_blank">
            Ouvrir le tableau
          </Link>
        </p>
      </header>
      <div aria-live="polite">{errorAt('page') && <Banner tone="error">{errorAt('page')}</Banner>}</div>

      <div className="bgo-caller__grid">
        <div className="k-card">
          <p className="bgo-caller__last">
            Dernière boule : <strong data-testid="caller-last">{board.lastNumber ?? '–'}</strong> ({board.drawn.length} sortie(s))
          </p>
          {board.paused && <Banner tone="error">Jeu en pause pour une vérification.</Banner>}
          <form className="k-inline-form" onSubmit={(e) => void handleBall(e)} aria-label="Saisir une boule">
            <Field label="Boule" htmlFor="caller-ball">
              <input
                className="k-input"
                id="caller-ball"
                ref={ballInput}
                inputMode="numeric"
                autoComplete="off"
                autoFocus
                aria-invalid={errorAt('ball') ? true : undefined}
                aria-describedby={errorAt('ball') ? 'caller-ball-error' : undefined}
                value={ball}
                onChange={(e) => setBall(e.target.value)}
              />
            </Field>
            <Button type="submit" disabled={busy || board.paused}>
              Valider la boule
            </Button>
          </form>
          {errorAt('ball') && <ErrorLine id="caller-ball-error">{errorAt('ball')}</ErrorLine>}
          <div className="k-actions">
            <Button
              variant="secondary"
              disabled={busy || board.paused}
              onClick={() => void act(() => bingoApi.callBall(area, id, { draw: true }))}
            >
              Tirer une boule
            </Button>
            <Button variant="secondary" disabled={busy || !board.drawn.length} onClick={() => void act(() => bingoApi.undo(area, id))}>
              Annuler la dernière boule
            </Button>
            <Button
              variant={board.paused ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => void act(() => bingoApi.pause(area, id, !board.paused))}
            >
              {board.paused ? 'Reprendre' : 'Pause pour vérification'}
            </Button>
          </div>
          <div className="k-actions">
            <label className="k-check">
              <input type="checkbox" checked={keepBalls} onChange={(e) => setKeepBalls(e.target.checked)} /> Garder les boules
            </label>
            <Button
              variant="secondary"
              disabled={busy || !board.partie || board.partie.number >= board.partiesCount}
              onClick={() => void act(() => bingoApi.nextPartie(area, id, keepBalls))}
            >
              Partie suivante
            </Button>
          </div>
          <ol className="bgo-mini-grid" aria-label="Boules sorties">
            {NUMBERS.map((n) => (
              <li key={n} className={drawn.has(n) ? 'is-drawn' : undefined}>
                {n}
              </li>
            ))}
          </ol>
        </div>

        <div className="k-card">
          <h2>Vérifier un carton</h2>
          <form className="k-inline-form" onSubmit={(e) => void handleCheck(e)} aria-label="Vérifier un carton">
            <Field label="Numéro du carton" htmlFor="caller-carton">
              <TextInput
                id="caller-carton"
                placeholder="ex. 42-7"
                autoComplete="off"
                aria-invalid={errorAt('carton') ? true : undefined}
                aria-describedby={errorAt('carton') ? 'caller-carton-error' : undefined}
                value={carton}
                onChange={(e) => setCarton(e.target.value)}
              />
            </Field>
            <Button type="submit">Vérifier le carton</Button>
          </form>
          {errorAt('carton') && <ErrorLine id="caller-carton-error">{errorAt('carton')}</ErrorLine>}
          {check && (
            <div role="status" data-testid="check-result">
              <Banner tone={check.wins ? 'success' : 'error'}>{check.message}</Banner>
              <table className="bgo-carton bgo-carton--small" aria-label={`Carton ${check.carton.code}`}>
                <tbody>
                  {check.carton.grid.map((row, r) => (
                    <tr key={r}>
                      {row.map((n, c) => (
                        <td key={c} className={n !== null && drawn.has(n) ? 'is-drawn' : undefined}>
                          {n ?? ''}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>Départager des gagnants</h2>
          <form className="k-inline-form" onSubmit={(e) => void handleTie(e)} aria-label="Départager">
            <Field label="Cartons gagnants (séparés par des espaces)" htmlFor="caller-tie">
              <TextInput
                id="caller-tie"
                autoComplete="off"
                aria-invalid={errorAt('tie') ? true : undefined}
                aria-describedby={errorAt('tie') ? 'caller-tie-error' : undefined}
                value={tie}
                onChange={(e) => setTie(e.target.value)}
              />
            </Field>
            <Button type="submit" variant="secondary">
              Tirer au sort
            </Button>
          </form>
          {errorAt('tie') && <ErrorLine id="caller-tie-error">{errorAt('tie')}</ErrorLine>}
          {tieResult && (
            <div role="status">
              <ul>
                {tieResult.draws.map((d) => (
                  <li key={d.carton}>
                    Carton {d.carton} : boule {d.ball}
                  </li>
                ))}
              </ul>
              <Banner tone="success">Le carton {tieResult.winner} l’emporte.</Banner>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
