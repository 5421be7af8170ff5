import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, Banner, Button, Field, formatEuros, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { centsToInput, parseEuros, toCents } from '@kermesse/contracts-common';
import type { Prize } from '@kermesse/contracts-bingo';
import { bingoApi } from '../api/bingoApi';
import { useNightId } from '../components/useArea';

const EMPTY = { label: '', rank: '', price: '', cost: '', provider: '', nature: 'lot' as 'lot' | 'bon' };
type Form = typeof EMPTY;

/** All five fields of the loto prize form are required; the first one missing is named as the form labels it. */
export function prizeFormProblem(form: Form): string | undefined {
  const fields: [keyof Form, string][] = [
    ['label', 'Libellé'],
    ['rank', 'Rang'],
    ['price', 'Valeur'],
    ['cost', 'Coût'],
    ['provider', 'Fournisseur'],
  ];
  for (const [key, name] of fields) if (!String(form[key]).trim()) return `Le champ « ${name} » est obligatoire.`;
  if (!/^\d+$/.test(form.rank.trim()) || Number(form.rank) < 1) return 'Le champ « Rang » doit être un entier supérieur à 0.';
  if (parseEuros(form.price) === null) return 'Le champ « Valeur » doit être un montant en euros (ex. 30,50).';
  if (parseEuros(form.cost) === null) return 'Le champ « Coût » doit être un montant en euros (ex. 30,50).';
  return undefined;
}

/** The prizes of a loto night: the form (Libellé, Rang, Valeur, Coût, Fournisseur, « Ajouter le lot ») and the printable list. */
export function PrizesPage() {
  const bingoId = useNightId();
  const [prizes, setPrizes] = useState<Prize[] | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setPrizes(await bingoApi.listPrizes(bingoId));
    } catch {
      setError('Erreur lors de la récupération des prix.');
    }
  }, [bingoId]);
  useEffect(() => void load(), [load]);

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const problem = prizeFormProblem(form);
    if (problem) {
      setError(problem);
      return;
    }
    const input = {
      label: form.label.trim(),
      rank: Number(form.rank),
      price: form.price,
      cost: form.cost,
      provider: form.provider.trim(),
      nature: form.nature,
    };
    try {
      if (editing !== null) {
        await bingoApi.updatePrize(editing, input);
        setSuccess('Prix mis à jour avec succès');
      } else {
        await bingoApi.addPrize({ ...input, bingoId });
        setSuccess('Prix ajouté avec succès');
      }
      setForm(EMPTY);
      setEditing(null);
      await load();
    } catch (err) {
      const base = editing !== null ? 'Erreur lors de la mise à jour du prix' : "Erreur lors de l'ajout du prix";
      setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? `${base} : ${err.message}` : base);
    }
  }

  function handleEdit(prize: Prize) {
    setEditing(prize.id);
    setForm({
      label: prize.label,
      rank: String(prize.rank),
      price: centsToInput(toCents(prize.price)),
      cost: centsToInput(toCents(prize.cost)),
      provider: prize.provider,
      nature: prize.nature === 'bon' ? 'bon' : 'lot',
    });
  }

  async function handleDelete(prize: Prize) {
    if (!window.confirm('Êtes-vous sûr de vouloir supprimer ce prix ?')) return;
    setError(null);
    setSuccess(null);
    try {
      await bingoApi.deletePrize(prize.id);
      setSuccess('Prix supprimé avec succès');
      await load();
    } catch {
      setError('Erreur lors de la suppression du prix');
    }
  }

  return (
    <section className="bgo-prizes">
      <h1>Lots du loto n° {bingoId}</h1>
      <div aria-live="polite">
        {error && <Banner tone="error">{error}</Banner>}
        {success && <Banner tone="success">{success}</Banner>}
      </div>
      <form className="k-card k-form k-form--narrow bgo-no-print" onSubmit={(e) => void handleSubmit(e)} noValidate aria-label="Lot">
        <Field label="Libellé" htmlFor="prize-label">
          <TextInput id="prize-label" required value={form.label} onChange={(e) => set('label')(e.target.value)} />
        </Field>
        <Field label="Rang" htmlFor="prize-rank">
          <TextInput id="prize-rank" required inputMode="numeric" value={form.rank} onChange={(e) => set('rank')(e.target.value)} />
        </Field>
        <Field label="Valeur" htmlFor="prize-price">
          <MoneyInput id="prize-price" required value={form.price} onChange={(e) => set('price')(e.target.value)} />
        </Field>
        <Field label="Coût" htmlFor="prize-cost">
          <MoneyInput id="prize-cost" required value={form.cost} onChange={(e) => set('cost')(e.target.value)} />
        </Field>
        <Field label="Fournisseur" htmlFor="prize-provider">
          <TextInput id="prize-provider" required value={form.provider} onChange={(e) => set('provider')(e.target.value)} />
        </Field>
        <Field label="Nature" htmlFor="prize-nature">
          <select id="prize-nature" className="k-select" value={form.nature} onChange={(e) => set('nature')(e.target.value)}>
            <option value="lot">Lot en nature</option>
            <option value="bon">Bon d'achat non remboursable</option>
          </select>
        </Field>
        <div className="k-actions">
          <Button type="submit">{editing !== null ? 'Enregistrer' : 'Ajouter le lot'}</Button>
          {editing !== null && (
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(null);
                setForm(EMPTY);
              }}
            >
              Annuler
            </Button>
          )}
        </div>
      </form>

      {!prizes ? (
        <Spinner />
      ) : (
        <div className="k-card bgo-list">
          <div className="bgo-list__head">
            <h2>Liste des lots du loto n° {bingoId}</h2>
            <Button variant="secondary" className="bgo-no-print" onClick={() => window.print()}>
              Imprimer
            </Button>
          </div>
          {prizes.length === 0 ? (
            <p className="k-muted">Aucun lot pour ce loto.</p>
          ) : (
            <div className="k-table-wrap">
              <table className="k-table k-table--stack">
                <thead>
                  <tr>
                    <th scope="col">Rang</th>
                    <th scope="col">Lot</th>
                    <th scope="col">Valeur</th>
                    <th scope="col">Fournisseur</th>
                    <th scope="col" className="bgo-no-print">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {prizes.map((prize) => (
                    <tr key={prize.id}>
                      <td>{prize.rank}</td>
                      <td>
                        {prize.label}
                        {prize.nature === 'bon' ? ' (bon d’achat)' : ''}
                      </td>
                      <td>{formatEuros({ cents: toCents(prize.price) })}</td>
                      <td>{prize.provider}</td>
                      <td className="bgo-no-print k-table__actions">
                        <div className="k-row-actions">
                          <Button variant="ghost" onClick={() => handleEdit(prize)}>
                            Corriger
                          </Button>
                          <Button variant="danger" onClick={() => void handleDelete(prize)}>
                            Supprimer
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
