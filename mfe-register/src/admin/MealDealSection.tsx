import { useEffect, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, MoneyInput, Spinner } from '@kermesse/ui-kit';
import { centsToInput, toCents } from '@kermesse/contracts-common';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import type { AdminCategory } from './api/backOfficeApi';
import { messageOf, useLoad } from './useLoad';

interface Row {
  key: number;
  categoryId: number;
  price: string;
}

const input = (euros: number) => centsToInput(toCents(euros));

/** The meal deal of an event: which categories at which prices make a set, and the discount per set. */
export function MealDealSection({ eventId, categories }: { eventId: number; categories: AdminCategory[] }) {
  const api = useBackOfficeApi();
  const rule = useLoad(() => api.getMealDeal(eventId), [api, eventId]);
  const [rows, setRows] = useState<Row[]>([]);
  const [discount, setDiscount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const productCategories = categories.filter((c) => c.kind === 'product');

  useEffect(() => {
    if (!rule.data) return;
    setRows(rule.data.items.map((item, index) => ({ key: index, categoryId: item.categoryId, price: input(item.price) })));
    setDiscount(input(rule.data.discount));
  }, [rule.data]);

  if (!rule.data) return rule.error ? <ErrorLine>{rule.error}</ErrorLine> : <Spinner label="Chargement de la formule…" />;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.saveMealDeal(eventId, { discount, items: rows.map((r) => ({ categoryId: r.categoryId, price: r.price })) });
      setNotice("Formule enregistrée : les caisses l'appliquent au prochain chargement du catalogue.");
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const update = (key: number, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  return (
    <form className="k-card bo-card k-form" onSubmit={handleSubmit}>
      <h2>Formule</h2>
      <p className="bo-muted">
        Un article de chaque catégorie au prix indiqué forme une formule ; la remise s'applique par formule complète.
        {rule.data.isDefault
          ? rule.data.items.length
            ? " (Règle de l'installation : pas encore enregistrée pour cet événement.)"
            : ' Pas de formule pour cet événement tant que vous n’en enregistrez pas.'
          : ''}
      </p>
      {rows.map((row, index) => (
        <div key={row.key} className="bo-row bo-row--end">
          <Field label={`Catégorie ${index + 1}`} htmlFor={`meal-category-${row.key}`}>
            <select
              id={`meal-category-${row.key}`}
              className="k-input"
              value={row.categoryId}
              onChange={(e) => update(row.key, { categoryId: Number(e.target.value) })}
            >
              {productCategories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={`Prix ${index + 1}`} htmlFor={`meal-price-${row.key}`}>
            <MoneyInput id={`meal-price-${row.key}`} value={row.price} onChange={(e) => update(row.key, { price: e.target.value })} />
          </Field>
          <Button variant="ghost" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
            Retirer
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={!productCategories.length}
        onClick={() => setRows((all) => [...all, { key: Date.now(), categoryId: productCategories[0]!.id, price: '' }])}
      >
        Ajouter une catégorie à la formule
      </Button>
      <Field label="Remise par formule" htmlFor="meal-discount">
        <MoneyInput id="meal-discount" value={discount} onChange={(e) => setDiscount(e.target.value)} />
      </Field>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      <Button type="submit">Enregistrer la formule</Button>
    </form>
  );
}
