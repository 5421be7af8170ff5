/**
 * The ticket price editor of raffles and gift baskets (docs/spec.md §2, §4): with an id it loads the
 * existing tiers (update mode, « Modifier les prix des tickets », « Mettre à jour »); without, it
 * starts empty (create mode, « Créer les prix des tickets », « Créer ») — and the page gives it the
 * new id once created, so a second click updates instead of creating again. Prices are typed the
 * French way (« 2,50 »); a line that cannot be read is named as a person counts (« Ligne 4 : … »)
 * and nothing is sent. Values are sent as numbers.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, MoneyInput, useResource } from '@kermesse/ui-kit';
import type { Tier } from '../api/raffleApi';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { centsToInput, parseEuros, toCents, toEuros } from '@kermesse/contracts-common';

export interface TierEditorMessages {
  created: string;
  updated: string;
  loadError: string;
  saveError: string;
}

export interface TierEditorProps {
  /** The raffle or basket id; absent in create mode. */
  id?: number;
  loadTiers?: (id: number) => Promise<Tier[]>;
  /** Saves the tiers (create or update); resolves when done, rejects with a French error. */
  saveTiers: (tiers: Tier[]) => Promise<void>;
  messages: TierEditorMessages;
  /** Fields shown above the pairs (the event, name and size of a new raffle). */
  children?: ReactNode;
  /** Shown after the success banner (a link to what was created). */
  after?: ReactNode;
}

interface Row {
  key: number;
  nb: string;
  p: string;
}

let nextKey = 1;
const toRow = (tier: Tier): Row => ({ key: nextKey++, nb: String(tier.nb), p: centsToInput(toCents(tier.p)) });

/** The pairs to send, or the first line that cannot be read, counted from 1 as on screen. */
export function readTierRows(rows: readonly Pick<Row, 'nb' | 'p'>[]): { tiers: Tier[] } | { line: number; error: string } {
  const tiers: Tier[] = [];
  for (const [index, row] of rows.entries()) {
    const line = index + 1;
    const nb = row.nb.trim();
    if (!/^\d+$/.test(nb) || Number(nb) < 1 || Number(nb) > 100_000) {
      return { line, error: `Ligne ${line} : le nombre de tickets doit être un nombre entier entre 1 et 100 000.` };
    }
    const cents = parseEuros(row.p);
    if (cents === null)
      return { line, error: `Ligne ${line} : le prix doit être un montant positif en euros (deux décimales au plus), par exemple 2,50.` };
    tiers.push({ nb: Number(nb), p: toEuros(cents) });
  }
  return { tiers };
}

export function TierEditor({ id, loadTiers, saveTiers, messages, children, after }: TierEditorProps) {
  const updating = id !== undefined;
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [badLine, setBadLine] = useState<number | null>(null);
  const baseId = useId();
  const stored = useResource(id !== undefined && loadTiers ? () => loadTiers(id) : null, [id, loadTiers]);
  const loading = stored.loading;

  // The loaded tiers become the rows being edited, and a failed load says so, once per answer.
  const [seen, setSeen] = useState<{ data: Tier[] | undefined; error: unknown }>({ data: undefined, error: null });
  if (stored.data !== seen.data || stored.error !== seen.error) {
    setSeen({ data: stored.data, error: stored.error });
    if (stored.data && stored.data !== seen.data) setRows(stored.data.map(toRow));
    if (stored.error && stored.error !== seen.error) setFlash({ tone: 'error', text: messages.loadError, detail: detailOf(stored.error) });
  }

  const handleChange = (key: number, field: 'nb' | 'p', value: string) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };

  const handleAdd = () => setRows((current) => [...current, { key: nextKey++, nb: '0', p: '0' }]);
  const handleRemove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFlash(null);
    const read = readTierRows(rows);
    if ('error' in read) {
      setBadLine(read.line);
      setFlash({ tone: 'error', text: messages.saveError, detail: read.error });
      return;
    }
    setBadLine(null);
    setSaving(true);
    try {
      await saveTiers(read.tiers);
      setFlash({ tone: 'success', text: updating ? messages.updated : messages.created });
    } catch (error) {
      setFlash({ tone: 'error', text: messages.saveError, detail: detailOf(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="rf-tier-editor k-card">
      <h1>{updating ? 'Modifier' : 'Créer'} les prix des tickets</h1>
      <Flash message={flash} />
      {flash?.tone === 'success' && after}
      {loading ? (
        <p className="k-loading" role="status">
          Chargement en cours...
        </p>
      ) : (
        <form onSubmit={handleSubmit}>
          {children}
          {rows.length === 0 && <p className="k-muted">Aucune paire pour l'instant : ajoutez-en une.</p>}
          <ol className="rf-tier-rows">
            {rows.map((row, index) => (
              <li key={row.key} className="rf-tier-row">
                <label htmlFor={`${baseId}-nb-${row.key}`}>Nombre de tickets :</label>
                <input
                  id={`${baseId}-nb-${row.key}`}
                  className="k-input"
                  type="number"
                  inputMode="numeric"
                  value={row.nb}
                  aria-invalid={badLine === index + 1 || undefined}
                  aria-label={`Nombre de tickets de la paire ${index + 1}`}
                  onChange={(e) => handleChange(row.key, 'nb', e.target.value)}
                />
                <label htmlFor={`${baseId}-p-${row.key}`}>Prix :</label>
                <MoneyInput
                  id={`${baseId}-p-${row.key}`}
                  value={row.p}
                  aria-invalid={badLine === index + 1 || undefined}
                  aria-label={`Prix de la paire ${index + 1}`}
                  onChange={(e) => handleChange(row.key, 'p', e.target.value)}
                />
                <Button variant="danger" onClick={() => handleRemove(row.key)}>
                  Supprimer
                </Button>
              </li>
            ))}
          </ol>
          <div className="k-actions k-actions--roomy rf-actions">
            <Button variant="secondary" onClick={handleAdd}>
              Ajouter une nouvelle paire
            </Button>
            <Button type="submit" disabled={saving}>
              {updating ? 'Mettre à jour' : 'Créer'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
