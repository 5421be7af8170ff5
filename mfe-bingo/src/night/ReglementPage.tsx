import { useEffect, useState } from 'react';
import { ApiError, Banner, Button, Spinner } from '@kermesse/ui-kit';
import { bingoApi, type Reglement } from '../api/bingoApi';
import { useNightId } from '../components/useArea';

/** The printable règlement of the night (posted in the hall). */
export function ReglementPage() {
  const id = useNightId();
  const [reglement, setReglement] = useState<Reglement | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    bingoApi.getReglement(id).then(setReglement, (err) => setError(err instanceof ApiError ? err.message : String(err)));
  }, [id]);
  if (!reglement) return error ? <Banner tone="error">{error}</Banner> : <Spinner />;
  return (
    <article className="bgo-reglement">
      <h1>Règlement du loto « {reglement.night.name} »</h1>
      {reglement.articles.map((a) => <p key={a}>{a}</p>)}
      <h2>Lots</h2>
      <ol>{reglement.prizes.map((p) => <li key={p.id}>{p.label} — offert par {p.provider}</li>)}</ol>
      <Button className="bgo-no-print" onClick={() => window.print()}>Imprimer</Button>
    </article>
  );
}
