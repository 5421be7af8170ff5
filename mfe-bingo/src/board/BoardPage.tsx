import { useNightId } from '../components/useArea';
import { useLiveBoard } from './useLiveBoard';

const NUMBERS = Array.from({ length: 90 }, (_, i) => i + 1);

/**
 * The projector's board `/loto/{id}/tableau` (public, read-only): the last number huge, the 90
 * numbers with the drawn ones lit, the current partie and its prize; high contrast; live.
 */
export function BoardPage() {
  const id = useNightId();
  const { board, error, live } = useLiveBoard(id);
  if (!board) {
    return (
      <section className="bgo-board" aria-busy={!error}>
        <p className="bgo-board__status">{error ?? 'Connexion au tableau…'}</p>
      </section>
    );
  }
  const drawn = new Set(board.drawn);
  return (
    <section className="bgo-board" aria-label={`Tableau du loto ${board.name}`}>
      <header className="bgo-board__head">
        <h1>{board.name}</h1>
        <p className="bgo-board__partie" data-testid="board-partie">
          {board.partie
            ? `Partie ${board.partie.number}/${board.partiesCount} — ${board.partie.kindLabel}${board.partie.prizes.length ? ` : ${board.partie.prizes.map((p) => p.label).join(', ')}` : ''}`
            : 'Partie à venir'}
        </p>
        {board.paused && (
          <p className="bgo-board__pause" role="status">
            Vérification en cours…
          </p>
        )}
        {!live && <p className="bgo-board__offline">Reconnexion…</p>}
      </header>
      <div className="bgo-board__body">
        <div className="bgo-board__last" aria-live="assertive" aria-label="Dernier numéro">
          <span data-testid="board-last">{board.lastNumber ?? '–'}</span>
          <small>{board.drawn.length} boule(s)</small>
        </div>
        <ol className="bgo-board__grid" aria-label="Les 90 numéros">
          {NUMBERS.map((n) => (
            <li key={n} className={drawn.has(n) ? 'is-drawn' : undefined} aria-label={drawn.has(n) ? `${n} sorti` : `${n}`}>
              {n}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
