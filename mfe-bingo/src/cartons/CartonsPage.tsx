import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, Banner, Button, Field, Spinner, TextInput, useResource } from '@kermesse/ui-kit';
import { ThermalPrint, type CartonsDocument } from '@kermesse/ui-kit/printing';
import { CARTONS_PER_PAGE, type CartonShape } from '@kermesse/contracts-bingo';
import { bingoApi } from '../api/bingoApi';
import { useNightId } from '../components/useArea';

const PAGE = 60;

/** One carton as printed: its number with the check digit, and the 3 × 9 grid. */
export function CartonCard({ carton }: { carton: CartonShape }) {
  return (
    <article className="bgo-carton-card" aria-label={`Carton ${carton.code}`}>
      <header>
        <span>
          Carton n° <strong>{carton.code}</strong>
        </span>
        {carton.buyer && <span>{carton.buyer}</span>}
      </header>
      <table className="bgo-carton">
        <tbody>
          {carton.grid.map((row, r) => (
            <tr key={r}>
              {row.map((n, c) => (
                <td key={c} className={n === null ? 'is-blank' : undefined}>
                  {n ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** The cartons shown, for the stall's thermal printer: one carton a ticket, cut apart (docs/printing.md §4). */
export function cartonsDocument(night: string, cartons: readonly CartonShape[]): CartonsDocument {
  return { kind: 'cartons', night, cartons: cartons.map((carton) => ({ code: carton.code, grid: carton.grid })) };
}

/** Cartons of a night: generated in advance, printed 6 per A4 page, or one a ticket on the stall's printer. */
export function CartonsPage() {
  const id = useNightId();
  const night = useResource(() => bingoApi.getNight(id), [id]);
  const [from, setFrom] = useState(1);
  const [data, setData] = useState<{ cartons: CartonShape[]; total: number } | null>(null);
  const [count, setCount] = useState('60');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await bingoApi.listCartons(id, from, from + PAGE - 1));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }, [id, from]);
  useEffect(() => void load(), [load]);

  async function handleGenerate(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 3000) return setError('Le champ « Nombre de cartons » doit être un entier de 1 à 3000.');
    try {
      const made = await bingoApi.generateCartons(id, n);
      setSuccess(`Cartons ${made.from} à ${made.to} générés.`);
      await load();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }

  if (!data) return error ? <Banner tone="error">{error}</Banner> : <Spinner />;
  const pages: CartonShape[][] = [];
  for (let i = 0; i < data.cartons.length; i += CARTONS_PER_PAGE) pages.push(data.cartons.slice(i, i + CARTONS_PER_PAGE));

  return (
    <section className="bgo-cartons">
      <div className="bgo-no-print">
        <h1>Cartons ({data.total})</h1>
        <div aria-live="polite">
          {error && <Banner tone="error">{error}</Banner>}
          {success && <Banner tone="success">{success}</Banner>}
        </div>
        <form className="k-inline-form" onSubmit={(e) => void handleGenerate(e)} aria-label="Générer des cartons">
          <Field label="Nombre de cartons" htmlFor="cartons-count">
            <TextInput id="cartons-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          </Field>
          <Button type="submit">Générer</Button>
        </form>
        <div className="k-actions">
          <Button variant="secondary" disabled={from <= 1} onClick={() => setFrom(Math.max(1, from - PAGE))}>
            Précédent
          </Button>
          <span>Cartons {data.cartons.length ? `${from} à ${from + data.cartons.length - 1}` : '—'}</span>
          <Button variant="secondary" disabled={from + PAGE > data.total} onClick={() => setFrom(from + PAGE)}>
            Suivant
          </Button>
          <Button onClick={() => window.print()}>Imprimer</Button>
          <ThermalPrint
            label="Imprimer ces cartons sur le ticket"
            disabled={data.cartons.length === 0}
            documents={() => [cartonsDocument(night.data?.name ?? 'Loto', data.cartons)]}
          />
        </div>
      </div>
      {pages.map((page, i) => (
        <div key={i} className="bgo-a4">
          {page.map((carton) => (
            <CartonCard key={carton.number} carton={carton} />
          ))}
        </div>
      ))}
    </section>
  );
}
