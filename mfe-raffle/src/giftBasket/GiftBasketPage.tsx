/**
 * One gift basket (docs/spec.md §2): the type inventory (the baskets to win: edit, delete, add with name and
 * price), the real weight of each basket, and the winners table (basket, name, weight, e-mail, phone).
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button, ErrorLine, formatEuros, MoneyInput, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type BasketType, type BasketWinner, type GiftBasketSummary } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { GIFT_BASKET_TIER_MESSAGES } from '../tiers/messages';
import { centsToInput, formatWeight, parseEuros, toCents, toEuros } from '@kermesse/contracts-common';

export const WINNER_MESSAGES = {
  loadError: 'Erreur lors du chargement des gagnants.',
  apiError: 'Erreur dans la réponse du serveur.',
  otherError: (message: string) => `Une erreur est survenue : ${message}`,
} as const;

const TYPE_REQUIRED = 'Le nom et le prix sont requis.';
const PRICE_UNREADABLE = 'Le prix doit être un montant en euros, par exemple 30,50.';
export const BASKET_MESSAGES = {
  added: (name: string) => `Panier « ${name} » ajouté.`,
  updated: (name: string) => `Panier « ${name} » mis à jour.`,
  deleted: (name: string) => `Panier « ${name} » supprimé.`,
  confirmDelete: (name: string) => `Êtes-vous sûr de vouloir supprimer le panier « ${name} » ?`,
  weighed: (name: string, weight: string) => `Poids enregistré pour « ${name} » : ${weight}. Les paris sur ce panier sont clos.`,
} as const;

/** « 30,50 » → the amount to send, or the reason it cannot be sent. */
function readTypeForm(name: string, price: string): { name: string; price: number } | { error: string } {
  if (!name.trim() || !price.trim()) return { error: TYPE_REQUIRED };
  const cents = parseEuros(price);
  return cents === null ? { error: PRICE_UNREADABLE } : { name: name.trim(), price: toEuros(cents) };
}
const ticketLabel = (nb: number) => (nb === 1 ? '1 pari' : `${nb} paris`);

export function GiftBasketPage() {
  const basketId = Number(useParams().basketId);
  const [basket, setBasket] = useState<(GiftBasketSummary & { price?: { nb: number; p: number }[] }) | null>(null);
  const [types, setTypes] = useState<BasketType[] | null>(null);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [typesFlash, setTypesFlash] = useState<FlashMessage | null>(null);
  const [weighFlash, setWeighFlash] = useState<FlashMessage | null>(null);
  const [winnersKey, setWinnersKey] = useState(0);

  const loadTypes = useCallback(() => {
    raffleApi.listBasketTypes(basketId).then(setTypes, (error: unknown) => {
      setTypes([]);
      setFlash({ tone: 'error', text: GIFT_BASKET_TIER_MESSAGES.loadError, detail: detailOf(error) });
    });
  }, [basketId]);

  useEffect(() => {
    raffleApi
      .getGiftBasket(basketId)
      .then(setBasket, (error: unknown) => setFlash({ tone: 'error', text: GIFT_BASKET_TIER_MESSAGES.loadError, detail: detailOf(error) }));
    loadTypes();
  }, [basketId, loadTypes]);

  const typesFailed = (error: unknown) =>
    setTypesFlash({ tone: 'error', text: GIFT_BASKET_TIER_MESSAGES.saveError, detail: detailOf(error) });
  const weighFailed = (error: unknown) =>
    setWeighFlash({ tone: 'error', text: GIFT_BASKET_TIER_MESSAGES.saveError, detail: detailOf(error) });

  return (
    <>
      <Breadcrumbs items={[{ label: basket?.name ?? 'Paniers garnis' }]} />
      <header className="k-page-header rf-title-row">
        <div>
          <h1>{basket?.name ?? 'Paniers garnis'}</h1>
          {basket && (
            <p className="rf-lead">
              {basket.eventName} · {basket.sold} pari(s) vendu(s) · {formatEuros(basket.revenue)}
            </p>
          )}
          {basket?.price && basket.price.length > 0 && (
            <p className="k-muted rf-tight">
              Prix des paris : {basket.price.map((t) => `${ticketLabel(t.nb)} : ${formatEuros(t.p)}`).join(' · ')}
            </p>
          )}
        </div>
        <Link className="k-button k-button--secondary" to={`/tombola/paniers/${basketId}/tarifs`}>
          Modifier les prix des tickets
        </Link>
      </header>
      <Flash message={flash} />
      <TypeInventory
        basketId={basketId}
        types={types}
        onChanged={loadTypes}
        onFailed={typesFailed}
        message={typesFlash}
        onMessage={setTypesFlash}
      />
      <Weighing
        basketId={basketId}
        types={types}
        message={weighFlash}
        onWeighed={(type) => {
          loadTypes();
          setWinnersKey((k) => k + 1);
          setWeighFlash({ tone: 'success', text: BASKET_MESSAGES.weighed(type.name, formatWeight(type.realWeight ?? 0)) });
        }}
        onFailed={weighFailed}
      />
      <WinnersTable key={winnersKey} basketId={basketId} />
    </>
  );
}

function TypeInventory({
  basketId,
  types,
  onChanged,
  onFailed,
  message,
  onMessage,
}: {
  basketId: number;
  types: BasketType[] | null;
  onChanged: () => void;
  onFailed: (error: unknown) => void;
  /** The outcome of the last change, shown in this card. */
  message: FlashMessage | null;
  onMessage: (message: FlashMessage) => void;
}) {
  const [editing, setEditing] = useState<{ id: number; name: string; price: string } | null>(null);
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const nameId = useId();
  const priceId = useId();

  const handleAdd = async (event: FormEvent) => {
    event.preventDefault();
    const read = readTypeForm(name, price);
    if ('error' in read) {
      onMessage({ tone: 'error', text: read.error });
      return;
    }
    try {
      await raffleApi.addBasketType(basketId, read);
      setName('');
      setPrice('');
      onChanged();
      onMessage({ tone: 'success', text: BASKET_MESSAGES.added(read.name) });
    } catch (error) {
      onFailed(error);
    }
  };

  const handleSave = async () => {
    if (!editing) return;
    const read = readTypeForm(editing.name, editing.price);
    if ('error' in read) {
      onMessage({ tone: 'error', text: read.error });
      return;
    }
    try {
      await raffleApi.updateBasketType({ id: editing.id, ...read });
      setEditing(null);
      onChanged();
      onMessage({ tone: 'success', text: BASKET_MESSAGES.updated(read.name) });
    } catch (error) {
      onFailed(error);
    }
  };

  const handleDelete = async (type: BasketType) => {
    if (!window.confirm(BASKET_MESSAGES.confirmDelete(type.name))) return;
    try {
      await raffleApi.deleteBasketType(type.id);
      onChanged();
      onMessage({ tone: 'success', text: BASKET_MESSAGES.deleted(type.name) });
    } catch (error) {
      onFailed(error);
    }
  };

  return (
    <section className="k-card" aria-labelledby="rf-types-title">
      <h2 id="rf-types-title">Paniers à gagner</h2>
      {types === null ? (
        <Spinner />
      ) : (
        <div className="k-table-wrap">
          <table className="k-table k-table--stack">
            <thead>
              <tr>
                <th>Nom</th>
                <th>Prix</th>
                <th>Poids réel</th>
                <th>
                  <span className="k-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {types.map((type) =>
                editing?.id === type.id ? (
                  <tr key={type.id}>
                    <td>
                      <input
                        className="k-input rf-cell-input"
                        aria-label="Nom"
                        value={editing.name}
                        onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                      />
                    </td>
                    <td>
                      <MoneyInput
                        className="rf-cell-input"
                        aria-label="Prix"
                        value={editing.price}
                        onChange={(e) => setEditing({ ...editing, price: e.target.value })}
                      />
                    </td>
                    <td>{type.realWeight ? formatWeight(type.realWeight) : '—'}</td>
                    <td className="k-table__actions">
                      <div className="k-row-actions">
                        <Button onClick={handleSave}>Enregistrer</Button>
                        <Button variant="ghost" onClick={() => setEditing(null)}>
                          Annuler
                        </Button>
                      </div>
                    </td>
                  </tr>
                ) : (
                  <tr key={type.id}>
                    <td>{type.name}</td>
                    <td className="k-num">{formatEuros(type.price)}</td>
                    <td>{type.realWeight ? formatWeight(type.realWeight) : '—'}</td>
                    <td className="k-table__actions">
                      <div className="k-row-actions">
                        <Button
                          variant="secondary"
                          onClick={() => setEditing({ id: type.id, name: type.name, price: centsToInput(toCents(type.price)) })}
                        >
                          Modifier
                        </Button>
                        {/* A weighed basket has its winner: it can no longer be deleted (the service refuses it too). */}
                        <Button
                          variant="danger"
                          onClick={() => handleDelete(type)}
                          disabled={type.realWeight !== null}
                          title={type.realWeight !== null ? 'Ce panier a été pesé : il ne peut plus être supprimé.' : undefined}
                        >
                          Supprimer
                        </Button>
                      </div>
                    </td>
                  </tr>
                ),
              )}
              {types.length === 0 && (
                <tr>
                  <td colSpan={4} className="k-muted">
                    Aucun panier pour l'instant.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <form className="k-inline-form" onSubmit={handleAdd} noValidate>
        <div className="k-field">
          <label className="k-field__label" htmlFor={nameId}>
            Nom
          </label>
          <input id={nameId} className="k-input" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor={priceId}>
            Prix
          </label>
          <MoneyInput id={priceId} value={price} onChange={(e) => setPrice(e.target.value)} placeholder="0,00" />
        </div>
        <Button type="submit">Ajouter</Button>
      </form>
      <Flash message={message} />
    </section>
  );
}

/**
 * The real weight of each basket. Once weighed, its field is locked and shows the weight (its bets
 * are closed and its winner known); « Corriger la pesée » unlocks it for a mistyped weight.
 */
function Weighing({
  basketId,
  types,
  message,
  onWeighed,
  onFailed,
}: {
  basketId: number;
  types: BasketType[] | null;
  message: FlashMessage | null;
  onWeighed: (type: BasketType) => void;
  onFailed: (error: unknown) => void;
}) {
  const [weights, setWeights] = useState<Record<number, string>>({});
  const [correcting, setCorrecting] = useState<Record<number, boolean>>({});
  if (!types || types.length === 0) return null;

  const handleWeigh = async (type: BasketType) => {
    const text = (weights[type.id] ?? '').trim();
    const grams = Number(text);
    if (!/^\d+$/.test(text) || grams < 1) {
      onFailed(new Error('Le poids doit être un nombre entier de grammes, au moins 1.'));
      return;
    }
    const question =
      type.realWeight !== null
        ? `Corriger la pesée de « ${type.name} » : ${formatWeight(type.realWeight)} devient ${formatWeight(grams)} ?`
        : `Enregistrer ${formatWeight(grams)} pour « ${type.name} » ? Les paris sur ce panier seront clos.`;
    if (!window.confirm(question)) return;
    try {
      onWeighed(await raffleApi.weighBasket(basketId, type.id, grams));
      setWeights((current) => ({ ...current, [type.id]: '' }));
      setCorrecting((current) => ({ ...current, [type.id]: false }));
    } catch (error) {
      onFailed(error);
    }
  };

  return (
    <section className="k-card" aria-labelledby="rf-weigh-title">
      <h2 id="rf-weigh-title">Pesée des paniers</h2>
      <p className="k-muted">
        Le pari le plus proche du poids réel gagne le panier ; en cas d'égalité, le pari vendu le premier l'emporte.
      </p>
      <ul className="rf-weigh">
        {types.map((type) => {
          const locked = type.realWeight !== null && !correcting[type.id];
          const typed = weights[type.id] ?? '';
          return (
            <li key={type.id}>
              <label htmlFor={`rf-weight-${type.id}`}>
                <strong>{type.name}</strong> — poids réel (g)
              </label>
              <input
                id={`rf-weight-${type.id}`}
                className="k-input"
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                disabled={locked}
                placeholder={type.realWeight !== null ? String(type.realWeight) : 'en grammes'}
                value={locked ? String(type.realWeight) : typed}
                onChange={(e) => setWeights({ ...weights, [type.id]: e.target.value })}
              />
              <span className="rf-weight-preview">
                {locked
                  ? `Pesé : ${formatWeight(type.realWeight!)} — paris clos`
                  : /^\d+$/.test(typed.trim()) && Number(typed) >= 1
                    ? formatWeight(Number(typed))
                    : type.realWeight !== null
                      ? formatWeight(type.realWeight)
                      : ''}
              </span>
              {locked ? (
                <Button variant="ghost" onClick={() => setCorrecting({ ...correcting, [type.id]: true })}>
                  Corriger la pesée
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => handleWeigh(type)}>
                  Enregistrer le poids
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <Flash message={message} />
    </section>
  );
}

/** docs/spec.md §2 gift basket winners table: basket, name, weight, e-mail, phone. */
export function WinnersTable({ basketId }: { basketId: number }) {
  const [winners, setWinners] = useState<BasketWinner[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    raffleApi.getWinners(basketId).then(
      (body) => {
        if (!body.success) setError(WINNER_MESSAGES.apiError);
        else setWinners(body.data);
      },
      (failure: unknown) => {
        setError(failure instanceof Error && failure.message ? WINNER_MESSAGES.otherError(failure.message) : WINNER_MESSAGES.loadError);
      },
    );
  }, [basketId]);

  return (
    <section className="k-card" aria-labelledby="rf-winners-title">
      <div className="k-page-header rf-title-row">
        <h2 id="rf-winners-title">Gagnants des paniers garnis</h2>
        {winners && winners.length > 0 && (
          <Button className="k-no-print" variant="ghost" onClick={() => window.print()}>
            Imprimer
          </Button>
        )}
      </div>
      {error && <ErrorLine>{error}</ErrorLine>}
      {!error && winners === null && <Spinner />}
      {winners && winners.length === 0 && <p className="k-muted">Aucun panier n'a encore été pesé.</p>}
      {winners && winners.length > 0 && (
        <div className="k-table-wrap">
          <table className="k-table k-table--stack">
            <thead>
              <tr>
                <th>Panier</th>
                <th>Nom</th>
                <th>Poids</th>
                <th>E-mail</th>
                <th>Téléphone</th>
              </tr>
            </thead>
            <tbody>
              {winners.map((winner) => (
                <tr key={winner.id}>
                  <td>
                    {winner.label}
                    {winner.realWeight ? <span className="k-muted"> (pesé {formatWeight(winner.realWeight)})</span> : null}
                  </td>
                  <td>
                    {winner.result ? `${winner.result.person.firstname ?? ''} ${winner.result.person.lastname ?? ''}`.trim() : 'Aucun pari'}
                  </td>
                  <td>{winner.result ? formatWeight(winner.result.weigh) : '—'}</td>
                  <td>{winner.result?.person.email ?? ''}</td>
                  <td>{winner.result?.person.phone ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
