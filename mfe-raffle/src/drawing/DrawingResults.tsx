/**
 * Drawing results (docs/spec.md §2): prize name, quantity, image and winners with their number; the variant
 * lists each prize with its winners as first name, last name and number.
 */
import type { DrawingResult } from '../api/raffleApi';
import { GiftIcon } from '../components/GiftIcon';

export const NOT_DRAWN_YET = "Le tirage au sort n'a pas encore été effectué.";

export function DrawingResults({ results, showContact = false }: { results: DrawingResult[]; showContact?: boolean }) {
  if (results.length === 0) return <p className="k-empty">{NOT_DRAWN_YET}</p>;
  return (
    <ol className="rf-results">
      {results.map(({ prize, winners }) => (
        <li key={prize.id} className="rf-result">
          <div className="rf-result__image" aria-hidden="true">
            {prize.image ? <img src={prize.image} alt="" /> : <GiftIcon />}
          </div>
          <div>
            <h3>{prize.name}</h3>
            <p className="k-muted">Quantité : {prize.quantity}</p>
            {winners.length === 0 ? (
              <p className="k-muted">Aucun ticket gagnant (plus de lots que de tickets vendus).</p>
            ) : (
              <ul className="rf-winners">
                {winners.map((winner) => (
                  <li key={winner.number}>
                    <span className="rf-ticket">n° {winner.number}</span> {winner.firstname} {winner.lastname}
                    {showContact && (winner.email || winner.phone) && (
                      <span className="k-muted"> — {[winner.email, winner.phone].filter(Boolean).join(' · ')}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The variant: prize, then its winners as first name, last name, number. */
export function DrawingResultsVariant({ results }: { results: DrawingResult[] }) {
  if (results.length === 0) return <p className="k-empty">{NOT_DRAWN_YET}</p>;
  return (
    <div className="k-table-wrap">
      <table className="k-table k-table--stack">
        <thead>
          <tr>
            <th>Lot</th>
            <th>Prénom</th>
            <th>Nom</th>
            <th>Numéro</th>
          </tr>
        </thead>
        <tbody>
          {results.flatMap(({ prize, winners }) =>
            (winners.length ? winners : [null]).map((winner, i) => (
              <tr key={`${prize.id}-${winner?.number ?? 'none'}`}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={Math.max(1, winners.length)}>
                    {prize.name}
                  </th>
                )}
                <td>{winner?.firstname ?? '—'}</td>
                <td>{winner?.lastname ?? '—'}</td>
                <td className="k-num">{winner ? winner.number : '—'}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
