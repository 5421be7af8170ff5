import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, Banner, Button, Field, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { centsToInput, parseEuros, toCents } from '@kermesse/contracts-common';
import { CARTON_PRICE_UNREADABLE } from './NightsPage';
import {
  PARTIE_KINDS,
  PARTIE_LABELS,
  packPriceAllowed,
  packPriceTooHighMessage,
  type Night,
  type PartieKind,
  type Prize,
  type SeatPlan,
} from '@kermesse/contracts-bingo';
import { bingoApi } from '../api/bingoApi';
import { useNightId } from '../components/useArea';
import { EventField, useFairs } from '../components/EventField';

interface PartieDraft {
  kind: PartieKind;
  prizeId: string;
}
interface TableDraft {
  name: string;
  seats: string;
}
interface PackDraft {
  nb: string;
  price: string;
}

/**
 * Cartons by the pack (« 3 cartons 8 € »), checked before sending: a size of 2 to 100 cartons, once
 * each, a readable price, and under 20 € per carton (L322-4 limits the stake of one carton).
 */
export function checkPacks(packs: PackDraft[]): { packs: Array<{ nb: number; price: string }> } | { error: string } {
  const seen = new Set<number>();
  const out: Array<{ nb: number; price: string }> = [];
  for (const [i, pack] of packs.entries()) {
    const nb = Number(pack.nb.trim());
    if (!Number.isInteger(nb) || nb < 2 || nb > 100)
      return { error: `Le champ « Cartons » du lot ${i + 1} doit être un entier de 2 à 100.` };
    if (seen.has(nb)) return { error: 'Deux lots de cartons ont le même nombre de cartons.' };
    seen.add(nb);
    const cents = parseEuros(pack.price);
    if (cents === null) return { error: `Le champ « Prix du lot » du lot ${i + 1} doit être un montant en euros (ex. 8,00).` };
    if (!packPriceAllowed(cents, nb)) return { error: packPriceTooHighMessage(nb, cents) };
    out.push({ nb, price: pack.price.trim() });
  }
  return { packs: out };
}

/** A night's settings (name, date, carton price, callers), its parties in order, and its seating plan. */
export function NightSettingsPage() {
  const id = useNightId();
  const [night, setNight] = useState<Night | null>(null);
  const [form, setForm] = useState({ name: '', heldOn: '', place: '', cartonPrice: '', callers: '', salesOpen: true, eventId: '' });
  const fairs = useFairs();
  const [prizes, setPrizes] = useState<Prize[]>([]);
  const [parties, setParties] = useState<PartieDraft[]>([]);
  const [tables, setTables] = useState<TableDraft[]>([]);
  const [packs, setPacks] = useState<PackDraft[]>([]);
  const [bulk, setBulk] = useState({ tables: '30', seats: '6' });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const showPlan = (plan: SeatPlan) =>
    setTables(plan.tables.map((t) => ({ name: t.label === `Table ${t.tableId}` ? '' : t.label, seats: String(t.seats.length) })));

  const load = useCallback(async () => {
    try {
      const [n, p, ps, plan] = await Promise.all([
        bingoApi.getNight(id),
        bingoApi.listPrizes(id),
        bingoApi.getParties(id),
        bingoApi.getPlan('admin', id),
      ]);
      setNight(n);
      setForm({
        name: n.name,
        heldOn: n.heldOn,
        place: n.place,
        cartonPrice: centsToInput(toCents(n.cartonPrice)),
        callers: n.callers.join(', '),
        salesOpen: n.salesOpen,
        eventId: n.eventId === null ? '' : String(n.eventId),
      });
      setPacks((n.packs ?? []).map((pack) => ({ nb: String(pack.nb), price: centsToInput(toCents(pack.price)) })));
      setPrizes(p);
      setParties(ps.map((x) => ({ kind: x.kind, prizeId: x.prizes[0] ? String(x.prizes[0].id) : '' })));
      showPlan(plan);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }, [id]);
  useEffect(() => void load(), [load]);

  async function save(action: () => Promise<string>) {
    setError(null);
    setSuccess(null);
    try {
      setSuccess(await action());
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }

  const handleNight = (event: FormEvent) => {
    event.preventDefault();
    if (parseEuros(form.cartonPrice) === null) {
      setSuccess(null);
      setError(CARTON_PRICE_UNREADABLE);
      return;
    }
    const checked = checkPacks(packs);
    if ('error' in checked) {
      setSuccess(null);
      setError(checked.error);
      return;
    }
    if (!form.eventId) {
      setSuccess(null);
      setError('Le champ « Événement » est obligatoire : choisissez la fête de la soirée.');
      return;
    }
    void save(async () => {
      const saved = await bingoApi.updateNight(id, {
        name: form.name,
        heldOn: form.heldOn,
        place: form.place,
        cartonPrice: form.cartonPrice,
        callers: form.callers.split(/[\s,;]+/).filter(Boolean),
        // The fair whose registers sell the cartons; the server refuses a change once one is sold.
        eventId: Number(form.eventId),
        salesOpen: form.salesOpen,
        packs: checked.packs,
      });
      setNight(saved);
      setPacks((saved.packs ?? []).map((pack) => ({ nb: String(pack.nb), price: centsToInput(toCents(pack.price)) })));
      return `Soirée enregistrée.${saved.warnings.map((w) => ` ${w}`).join('')}`;
    });
  };

  const handleParties = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      await bingoApi.setParties(id, { parties: parties.map((p) => ({ kind: p.kind, prizeIds: p.prizeId ? [Number(p.prizeId)] : [] })) });
      return 'Parties enregistrées.';
    });
  };

  const handlePlan = (event: FormEvent) => {
    event.preventDefault();
    const drafts = tables.map((t) => ({ name: t.name.trim() || undefined, seats: Number(t.seats) }));
    const bad = drafts.findIndex((t) => !Number.isInteger(t.seats) || t.seats < 1 || t.seats > 30);
    if (bad >= 0) {
      setError(`Le champ « Sièges » de la table ${bad + 1} doit être un entier de 1 à 30.`);
      return;
    }
    void save(async () => {
      showPlan(await bingoApi.setPlan(id, { tables: drafts }));
      return 'Plan de salle enregistré.';
    });
  };

  function handleBulk() {
    const count = Number(bulk.tables);
    const seats = bulk.seats;
    if (!Number.isInteger(count) || count < 1 || count > 200) {
      setError('Le champ « Nombre de tables » doit être un entier de 1 à 200.');
      return;
    }
    setTables(Array.from({ length: count }, (_, i) => ({ name: tables[i]?.name ?? '', seats })));
  }

  if (!night) return error ? <Banner tone="error">{error}</Banner> : <Spinner />;

  return (
    <section className="bgo-settings">
      <h1>{night.name}</h1>
      <div aria-live="polite">
        {error && <Banner tone="error">{error}</Banner>}
        {success && <Banner tone="success">{success}</Banner>}
        {night.warnings.map((w) => (
          <Banner key={w} tone="error">
            {w}
          </Banner>
        ))}
      </div>

      <form className="k-card k-form k-form--narrow" onSubmit={handleNight} noValidate aria-label="Soirée">
        <h2>Soirée</h2>
        <EventField
          id="set-event"
          events={fairs.data}
          failed={Boolean(fairs.error)}
          value={form.eventId}
          onChange={(value) => setForm({ ...form, eventId: value })}
          locked={night.eventLocked}
        />
        <Field label="Nom" htmlFor="set-name">
          <TextInput id="set-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </Field>
        <Field label="Date" htmlFor="set-date">
          <TextInput id="set-date" type="date" value={form.heldOn} onChange={(e) => setForm({ ...form, heldOn: e.target.value })} />
        </Field>
        <Field label="Lieu" htmlFor="set-place">
          <TextInput id="set-place" value={form.place} onChange={(e) => setForm({ ...form, place: e.target.value })} />
        </Field>
        <Field label="Prix du carton (moins de 20 €)" htmlFor="set-price">
          <MoneyInput id="set-price" value={form.cartonPrice} onChange={(e) => setForm({ ...form, cartonPrice: e.target.value })} />
        </Field>
        <fieldset className="bgo-packs">
          <legend>Cartons par lot (vendus à la caisse en plus du carton à l’unité)</legend>
          <ol className="bgo-plan-edit">
            {packs.map((pack, i) => (
              <li key={i} className="k-inline-form">
                <TextInput
                  aria-label={`Cartons du lot ${i + 1}`}
                  inputMode="numeric"
                  className="bgo-narrow"
                  value={pack.nb}
                  onChange={(e) => setPacks(packs.map((x, j) => (j === i ? { ...x, nb: e.target.value } : x)))}
                />
                <span>cartons pour</span>
                <MoneyInput
                  aria-label={`Prix du lot ${i + 1}`}
                  value={pack.price}
                  onChange={(e) => setPacks(packs.map((x, j) => (j === i ? { ...x, price: e.target.value } : x)))}
                />
                <span>€</span>
                <Button variant="ghost" onClick={() => setPacks(packs.filter((_, j) => j !== i))}>
                  Retirer le lot {i + 1}
                </Button>
              </li>
            ))}
          </ol>
          <Button variant="secondary" onClick={() => setPacks([...packs, { nb: '', price: '' }])}>
            Ajouter un lot de cartons
          </Button>
        </fieldset>
        <Field label="Animateurs bénévoles (e-mails)" htmlFor="set-callers">
          <TextInput id="set-callers" value={form.callers} onChange={(e) => setForm({ ...form, callers: e.target.value })} />
        </Field>
        <label className="k-check">
          <input type="checkbox" checked={form.salesOpen} onChange={(e) => setForm({ ...form, salesOpen: e.target.checked })} /> Cartons en
          vente à la caisse
        </label>
        <Button type="submit">Enregistrer la soirée</Button>
      </form>

      <form className="k-card k-form k-form--narrow" onSubmit={handleParties} aria-label="Parties">
        <h2>Parties</h2>
        <ol className="bgo-parties">
          {parties.map((p, i) => (
            <li key={i} className="k-inline-form">
              <select
                aria-label={`Type de la partie ${i + 1}`}
                className="k-select"
                value={p.kind}
                onChange={(e) => setParties(parties.map((x, j) => (j === i ? { ...x, kind: e.target.value as PartieKind } : x)))}
              >
                {PARTIE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {PARTIE_LABELS[k]}
                  </option>
                ))}
              </select>
              <select
                aria-label={`Lot de la partie ${i + 1}`}
                className="k-select"
                value={p.prizeId}
                onChange={(e) => setParties(parties.map((x, j) => (j === i ? { ...x, prizeId: e.target.value } : x)))}
              >
                <option value="">Lot à définir</option>
                {prizes.map((prize) => (
                  <option key={prize.id} value={prize.id}>
                    {prize.rank}. {prize.label}
                  </option>
                ))}
              </select>
              <Button variant="ghost" onClick={() => setParties(parties.filter((_, j) => j !== i))}>
                Retirer
              </Button>
            </li>
          ))}
        </ol>
        <div className="k-actions">
          <Button variant="secondary" onClick={() => setParties([...parties, { kind: 'quine', prizeId: '' }])}>
            Ajouter une partie
          </Button>
          <Button type="submit">Enregistrer les parties</Button>
        </div>
      </form>

      <form className="k-card k-form k-form--narrow" onSubmit={handlePlan} noValidate aria-label="Plan de salle">
        <h2>Plan de salle</h2>
        <div className="k-inline-form">
          <Field label="Nombre de tables" htmlFor="plan-count">
            <TextInput
              id="plan-count"
              inputMode="numeric"
              value={bulk.tables}
              onChange={(e) => setBulk({ ...bulk, tables: e.target.value })}
            />
          </Field>
          <Field label="Sièges par table" htmlFor="plan-seats">
            <TextInput
              id="plan-seats"
              inputMode="numeric"
              value={bulk.seats}
              onChange={(e) => setBulk({ ...bulk, seats: e.target.value })}
            />
          </Field>
          <Button variant="secondary" onClick={handleBulk}>
            Appliquer
          </Button>
        </div>
        <ol className="bgo-plan-edit">
          {tables.map((t, i) => (
            <li key={i} className="k-inline-form">
              <TextInput
                aria-label={`Nom de la table ${i + 1}`}
                placeholder={`Table ${i + 1}`}
                value={t.name}
                onChange={(e) => setTables(tables.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
              />
              <TextInput
                aria-label={`Sièges de la table ${i + 1}`}
                inputMode="numeric"
                className="bgo-narrow"
                value={t.seats}
                onChange={(e) => setTables(tables.map((x, j) => (j === i ? { ...x, seats: e.target.value } : x)))}
              />
            </li>
          ))}
        </ol>
        <Button type="submit">Enregistrer le plan</Button>
      </form>
    </section>
  );
}
