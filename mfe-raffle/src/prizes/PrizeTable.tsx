/** The second raffle prize table (SPEC §2): Label, Rank, Price, Cost, Provider with inline Edit / Save / Cancel. */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, formatEuros, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type Prize } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { PRIZE_BANNERS } from './PrizeInventory';
import { prizeError } from './prizeRules';
import { useRaffleName } from '../components/useRaffleName';

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
    const invalid = prizeError({ name: row.label, weight: row.rank, price: row.price, quantity: prize.quantity });
    if (invalid) {
      setFlash({ tone: 'error', text: invalid });
      return;
    }
    try {
      const rank = Number(row.rank);
      const updated = await raffleApi.updatePrize({
        ...prize, name: row.label.trim(), label: row.label.trim(), rank, weight: rank,
        price: Number(row.price.replace(',', '.')), cost: Number((row.cost || '0').replace(',', '.')), provider: row.provider.trim(),
      });
      setPrizes((list) => (list ?? []).map((p) => (p.id === updated.id ? updated : p)).sort((a, b) => a.rank - b.rank || a.id - b.id));
      setEditing(null);
      setFlash({ tone: 'success', text: PRIZE_BANNERS.updated });
    } catch (error) {
      setFlash({ tone: 'error', text: PRIZE_BANNERS.updateError, detail: detailOf(error) });
    }
  };

  const input = (field: keyof Row, label: string, type = 'text') => editing && (
    <input
      className="k-input rf-cell-input"
      aria-label={label}
      type={type}
      step={type === 'number' ? '0.01' : undefined}
      value={editing.row[field]}
      onChange={(e) => setEditing({ ...editing, row: { ...editing.row, [field]: e.target.value } })}
    />
  );

  return (
    <>
      <Breadcrumbs items={[{ label: raffleName, to: `/tombola/${raffleId}` }, { label: 'Tableau des lots' }]} />
      <section className="k-card">
        <h1>Tableau des lots</h1>
        <Flash message={flash} />
        {prizes === null ? <Spinner /> : (
          <div className="rf-table-wrap">
            <table className="rf-table">
              <thead>
                <tr><th>Label</th><th>Rank</th><th>Price</th><th>Cost</th><th>Provider</th><th><span className="k-visually-hidden">Actions</span></th></tr>
              </thead>
              <tbody>
                {prizes.map((prize) => editing?.id === prize.id ? (
                  <tr key={prize.id}>
                    <td>{input('label', 'Label')}</td>
                    <td>{input('rank', 'Rank', 'number')}</td>
                    <td>{input('price', 'Price', 'number')}</td>
                    <td>{input('cost', 'Cost', 'number')}</td>
                    <td>{input('provider', 'Provider')}</td>
                    <td className="rf-actions-cell"><div className="rf-row-actions">
                      <Button onClick={() => handleSave(prize)}>Save</Button>
                      <Button variant="ghost" onClick={() => setEditing(null)}>Cancel</Button>
                    </div></td>
                  </tr>
                ) : (
                  <tr key={prize.id}>
                    <td>{prize.label}</td>
                    <td>{prize.rank}</td>
                    <td>{formatEuros(prize.price)}</td>
                    <td>{formatEuros(prize.cost)}</td>
                    <td>{prize.provider}</td>
                    <td className="rf-actions-cell"><div className="rf-row-actions">
                      <Button variant="secondary" onClick={() => setEditing({
                        id: prize.id,
                        row: { label: prize.label, rank: String(prize.rank), price: String(prize.price), cost: String(prize.cost), provider: prize.provider },
                      })}>Edit</Button>
                    </div></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
