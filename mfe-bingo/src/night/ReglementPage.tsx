import { ApiError, Banner, Button, Spinner, useResource } from '@kermesse/ui-kit';
import { bingoApi } from '../api/bingoApi';
import { useNightId } from '../components/useArea';

/** The printable règlement of the night (posted in the hall). */
export function ReglementPage() {
  const id = useNightId();
  const loaded = useResource(() => bingoApi.getReglement(id), [id], { keepPreviousData: true });
  const reglement = loaded.data ?? null;
  const error = loaded.error ? (loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error)) : null;
  if (!reglement) return error ? <Banner tone="error">{error}</Banner> : <Spinner />;
  return (
    <article className="bgo-reglement">
      <h1>Règlement du loto « {reglement.night.name} »</h1>
      {reglement.articles.map((a) => (
        <p key={a}>{a}</p>
      ))}
      <h2>Lots</h2>
      <ol>
        {reglement.prizes.map((p) => (
          <li key={p.id}>
            {p.label} — offert par {p.provider}
          </li>
        ))}
      </ol>
      <Button className="bgo-no-print" onClick={() => window.print()}>
        Imprimer
      </Button>
    </article>
  );
}
