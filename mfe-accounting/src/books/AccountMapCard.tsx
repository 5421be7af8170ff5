import { useEffect, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, TextInput } from '@kermesse/ui-kit';
import {
  accountLabel,
  LINE_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type AccountMap,
  type MappedKind,
  type PaymentMethod,
} from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { failureText } from '../components/messages';

/** The accounts sales are written to: per payment mode, per kind of line, and per category (treasurer's choice). */
export function AccountMapCard() {
  const [map, setMap] = useState<AccountMap | null>(null);
  const [categories, setCategories] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    accountingApi.getAccountMap().then(
      (answer) => {
        setMap(answer.accountMap);
        setCategories(answer.categories);
      },
      () => setError('Erreur lors de la récupération des données'),
    );
  }, []);
  if (!map) return error ? <ErrorLine>{error}</ErrorLine> : null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const categoriesSet = Object.fromEntries(Object.entries(map.categories).filter(([, account]) => account.trim() !== ''));
    try {
      const answer = await accountingApi.saveAccountMap({ ...map, categories: categoriesSet });
      setMap(answer.accountMap);
      setNotice('Comptes enregistrés : les prochaines ventes seront passées sur ces comptes.');
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement des comptes", failure));
    }
  };

  const field = (label: string, value: string, onChange: (value: string) => void, hint?: string) => (
    <label className="acc-map-field" key={label}>
      <span>{label}</span>
      <TextInput inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value.trim())} aria-label={`Compte pour ${label}`} />
      <span className="k-muted">{hint ?? (value ? accountLabel(value) : '')}</span>
    </label>
  );

  return (
    <section className="k-card acc-card k-no-print" aria-labelledby="map-title">
      <h2 id="map-title">Comptes par défaut</h2>
      <p className="k-hint">
        Plan comptable associatif : les ventes sont débitées au compte du mode de paiement et créditées au compte de ce qui est vendu.
      </p>
      <form onSubmit={handleSubmit} className="acc-map">
        <fieldset>
          <legend>Modes de paiement</legend>
          {(Object.keys(map.payments) as PaymentMethod[]).map((method) =>
            field(PAYMENT_METHOD_LABELS[method], map.payments[method], (value) =>
              setMap({ ...map, payments: { ...map.payments, [method]: value } }),
            ),
          )}
        </fieldset>
        <fieldset>
          <legend>Ce qui est vendu</legend>
          {(Object.keys(map.kinds) as MappedKind[]).map((kind) =>
            field(LINE_KIND_LABELS[kind], map.kinds[kind], (value) => setMap({ ...map, kinds: { ...map.kinds, [kind]: value } })),
          )}
        </fieldset>
        {categories.length > 0 && (
          <fieldset>
            <legend>Par catégorie (laisser vide pour le compte ci-dessus)</legend>
            {categories.map((category) =>
              field(
                category,
                map.categories[category] ?? '',
                (value) => setMap({ ...map, categories: { ...map.categories, [category]: value } }),
                map.categories[category] ? accountLabel(map.categories[category]!) : '',
              ),
            )}
          </fieldset>
        )}
        <Button type="submit">Enregistrer les comptes</Button>
        {notice && <Banner tone="success">{notice}</Banner>}
        {error && <ErrorLine>{error}</ErrorLine>}
      </form>
    </section>
  );
}
