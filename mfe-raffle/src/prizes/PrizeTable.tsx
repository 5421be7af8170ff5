/**
 * The second raffle prize table: Libellé, Rang, Prix (the value shown to buyers), Coût (what the
 * association paid), Fournisseur, with « Modifier » / « Enregistrer » / « Annuler » inline.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, formatEuros, MoneyInput, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type Prize } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { PRIZE_BANNERS } from './PrizeInventory';
import { prizeError } from './prizeRules';
import { useRaffleName } from '../components/useRaffleName';
import { centsToInput, parseEuros, toCents, toEuros } from '@kermesse/contracts-common';

interface Row {
  label: string;
  rank: string;
  price: string;
  cost: string;
  provider: string;
}

export function PrizeTablePage() {
  const raffleId = Number(useParams().raffleId);
  const raffleName = useRaffleName(raffleId);
  const [prizes, setPrizes] = useState<Prize[] | null>(null);
  const [editing, setEditing] = useState<{ id: number; row: Row } | null>(null);
  const [flash, setFlash] = useState<FlashMessage | null>(null);

  useEffect(() => {
    raffleApi.listPrizes(raffleId).then(setPrizes, (error: unknown) => {
      setPrizes([]);
      setFlash({ tone: 'error', text: PRIZE_BANNERS.loadError, detail: detailOf(error) });
    });
  }, [raffleId]);

  const handleSave = async (prize: Prize) => {
    if (!editing) return;
    const { row } = editing;
    const invalid = prizeError({ name: row.label, weight: row.rank, price: row.price, quantity: prize.quantity, cost: row.cost });
    if (invalid) {
      setFlash({ tone: 'error', text: invalid });
      return;
    }
    try {
      const rank = Number(row.rank);
      const updated = await raffleApi.updatePrize({
        ...prize,
        name: row.label.trim(),
        label: row.label.trim(),
        rank,
        weight: rank,
        price: toEuros(parseEuros(row.price) ?? 0),
        cost: toEuros(parseEuros(row.cost || '0') ?? 0),
        provider: row.provider.trim(),
      });
      setPrizes((list) => (list ?? []).map((p) => (p.id === updated.id ? updated : p)).sort((a, b) => a.rank - b.rank || a.id - b.id));
      setEditing(null);
      setFlash({ tone: 'success', text: PRIZE_BANNERS.updated });
    } catch (error) {
      setFlash({ tone: 'error', text: PRIZE_BANNERS.updateError, detail: detailOf(error) });
    }
  };

  const change = (field: keyof Row) => (e: { target: { value: string } }) =>
    editing && setEditing({ ...editing, row: { ...editing.row, [field]: e.target.value } });
  const input = (field: keyof Row, label: string, type = 'text') =>
    editing && (
      <input className="k-input rf-cell-input" aria-label={label} type={type} value={editing.row[field]} onChange={change(field)} />
    );
  // Amounts typed the French way (« 30,50 »), read by the UI kit's parser.
  const money = (field: 'price' | 'cost', label: string) =>
    editing && <MoneyInput className="rf-cell-input" aria-label={label} value={editing.row[field]} onChange={change(field)} />;

  return (
    <>
      <Breadcrumbs items={[{ label: raffleName, to: `/tombola/${raffleId}` }, { label: 'Tableau des lots' }]} />
      <section className="k-card">
        <h1>Tableau des lots</h1>
        <Flash message={flash} />
        {prizes === null ? (
          <Spinner />
        ) : (
          <div className="k-table-wrap">
            <table className="k-table k-table--stack">
              <thead>
                <tr>
                  <th>Libellé</th>
                  <th>Rang</th>
                  <th>Prix</th>
                  <th>Coût</th>
                  <th>Fournisseur</th>
                  <th>
                    <span className="k-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {prizes.map((prize) =>
                  editing?.id === prize.id ? (
                    <tr key={prize.id}>
                      <td>{input('label', 'Libellé')}</td>
                      <td>{input('rank', 'Rang', 'number')}</td>
                      <td>{money('price', 'Prix')}</td>
                      <td>{money('cost', 'Coût')}</td>
                      <td>{input('provider', 'Fournisseur')}</td>
                      <td className="k-table__actions">
                        <div className="k-row-actions">
                          <Button onClick={() => handleSave(prize)}>Enregistrer</Button>
                          <Button variant="ghost" onClick={() => setEditing(null)}>
                            Annuler
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ) : (
                    <tr key={prize.id}>
                      <td>{prize.label}</td>
                      <td>{prize.rank}</td>
                      <td>{formatEuros(prize.price)}</td>
                      <td>{formatEuros(prize.cost)}</td>
                      <td>{prize.provider}</td>
                      <td className="k-table__actions">
                        <div className="k-row-actions">
                          <Button
                            variant="secondary"
                            onClick={() =>
                              setEditing({
                                id: prize.id,
                                row: {
                                  label: prize.label,
                                  rank: String(prize.rank),
                                  price: centsToInput(toCents(prize.price)),
                                  cost: centsToInput(toCents(prize.cost)),
                                  provider: prize.provider,
                                },
                              })
                            }
                          >
                            Modifier
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
