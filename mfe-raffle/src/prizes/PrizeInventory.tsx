/**
 * The raffle prize inventory: « Inventaire des lots de la tombola n° {id} », each prize with its
 * rank, name, quantity « disponible(s) », value and cost; illustration link (new tab), « Corriger »
 * (inline, « Enregistrer » / « Annuler »), « Supprimer » (after confirmation); the « Ajouter un lot »
 * form below. The French-law panel stands beside the list and counts the costs typed here.
 */
import { useCallback, useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button, formatEuros, MoneyInput, Pagination, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type LawPanel as LawPanelData, type Prize, type RaffleDetails } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { LawPanel } from '../raffle/LawPanel';
import { prizeError } from './prizeRules';
import { GiftIcon } from '../components/GiftIcon';
import { centsToInput, parseEuros, toCents, toEuros } from '@kermesse/contracts-common';

export const PRIZE_BANNERS = {
  loadError: 'Erreur lors de la récupération des prix.',
  updateError: 'Erreur lors de la mise à jour du prix',
  addError: "Erreur lors de l'ajout du prix",
  deleteError: 'Erreur lors de la suppression du prix',
  updated: 'Prix mis à jour avec succès',
  added: 'Prix ajouté avec succès',
  deleted: 'Prix supprimé avec succès',
  confirmDelete: 'Êtes-vous sûr de vouloir supprimer ce prix ?',
} as const;

interface PrizeForm {
  name: string;
  weight: string;
  /** The value announced to buyers (`price`). */
  price: string;
  /** What the prize costs the association (`cost`; empty or 0 for a donated prize). */
  cost: string;
  quantity: string;
  alcohol: boolean;
}

/** Prizes per page of the inventory (the UI kit's one pagination beyond that). */
export const PRIZES_PAGE_SIZE = 20;

const EMPTY_FORM: PrizeForm = { name: '', weight: '', price: '', cost: '', quantity: '', alcohol: false };
const formOf = (prize: Prize): PrizeForm => ({
  name: prize.name,
  weight: String(prize.weight),
  price: centsToInput(toCents(prize.price)),
  cost: centsToInput(toCents(prize.cost)),
  quantity: String(prize.quantity),
  alcohol: prize.Alcohol,
});

/**
 * Where a message shows: beside what the admin just did — under the « Ajouter un lot » form, under
 * the prize being corrected — not at the top of a page that may be far above; loading and deleting
 * speak at the top of the list.
 */
type FlashPlace = 'top' | 'add' | number;

export function PrizeInventoryPage() {
  const raffleId = Number(useParams().raffleId);
  const [prizes, setPrizes] = useState<Prize[] | null>(null);
  const [raffle, setRaffle] = useState<RaffleDetails | null>(null);
  const [notice, setNotice] = useState<{ at: FlashPlace; message: FlashMessage } | null>(null);
  const setFlash = (message: FlashMessage | null, at: FlashPlace = 'top') => setNotice(message ? { at, message } : null);
  const flashAt = (at: FlashPlace) => (notice?.at === at ? notice.message : null);
  const [editing, setEditing] = useState<{ id: number; form: PrizeForm } | null>(null);
  const [adding, setAdding] = useState<PrizeForm>(EMPTY_FORM);
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil((prizes?.length ?? 0) / PRIZES_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const shownPrizes = (prizes ?? []).slice((currentPage - 1) * PRIZES_PAGE_SIZE, currentPage * PRIZES_PAGE_SIZE);

  const refreshPanel = useCallback(() => {
    raffleApi.getRaffle(raffleId).then(setRaffle, () => setRaffle(null));
  }, [raffleId]);

  useEffect(() => {
    raffleApi.listPrizes(raffleId).then(setPrizes, (error: unknown) => {
      setPrizes([]);
      setFlash({ tone: 'error', text: PRIZE_BANNERS.loadError, detail: detailOf(error) });
    });
    refreshPanel();
  }, [raffleId, refreshPanel]);

  const sorted = (list: Prize[]) => [...list].sort((a, b) => a.rank - b.rank || a.id - b.id);

  const handleSave = async () => {
    if (!editing || !prizes) return;
    const current = prizes.find((p) => p.id === editing.id);
    if (!current) return;
    const invalid = prizeError(editing.form);
    if (invalid) {
      setFlash({ tone: 'error', text: invalid }, editing.id);
      return;
    }
    const rank = Number(editing.form.weight);
    try {
      const updated = await raffleApi.updatePrize({
        ...current,
        name: editing.form.name.trim(),
        label: editing.form.name.trim(),
        weight: rank,
        rank,
        price: toEuros(parseEuros(editing.form.price) ?? 0),
        cost: toEuros(parseEuros(editing.form.cost || '0') ?? 0),
        quantity: Number(editing.form.quantity),
        alcohol: editing.form.alcohol,
        Alcohol: editing.form.alcohol,
      });
      setPrizes(sorted(prizes.map((p) => (p.id === updated.id ? updated : p))));
      setEditing(null);
      setFlash({ tone: 'success', text: PRIZE_BANNERS.updated }, updated.id);
      refreshPanel();
    } catch (error) {
      setFlash({ tone: 'error', text: PRIZE_BANNERS.updateError, detail: detailOf(error) }, editing.id);
    }
  };

  const handleDelete = async (prize: Prize) => {
    if (!window.confirm(PRIZE_BANNERS.confirmDelete)) return;
    try {
      await raffleApi.deletePrize(prize.id);
      setPrizes((list) => (list ?? []).filter((p) => p.id !== prize.id));
      setFlash({ tone: 'success', text: PRIZE_BANNERS.deleted });
      refreshPanel();
    } catch (error) {
      setFlash({ tone: 'error', text: PRIZE_BANNERS.deleteError, detail: detailOf(error) });
    }
  };

  const handleAdd = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = prizeError(adding);
    if (invalid) {
      setFlash({ tone: 'error', text: invalid }, 'add');
      return;
    }
    try {
      const prize = await raffleApi.addPrize(raffleId, {
        name: adding.name.trim(),
        weight: Number(adding.weight),
        price: toEuros(parseEuros(adding.price) ?? 0),
        cost: toEuros(parseEuros(adding.cost || '0') ?? 0),
        quantity: Number(adding.quantity),
        alcohol: adding.alcohol,
      });
      setPrizes((list) => sorted([...(list ?? []), prize]));
      setAdding(EMPTY_FORM);
      setFlash({ tone: 'success', text: PRIZE_BANNERS.added }, 'add');
      refreshPanel();
    } catch (error) {
      setFlash({ tone: 'error', text: PRIZE_BANNERS.addError, detail: detailOf(error) }, 'add');
    }
  };

  return (
    <>
      <Breadcrumbs items={[{ label: raffle?.name ?? `Tombola n° ${raffleId}`, to: `/tombola/${raffleId}` }, { label: 'Lots' }]} />
      <div className="rf-with-aside">
        <section className="k-card rf-inventory">
          <h1>Inventaire des lots de la tombola n° {raffleId}</h1>
          <Flash message={flashAt('top')} />
          {prizes === null ? (
            <Spinner />
          ) : prizes.length === 0 ? (
            <p className="k-muted">Aucun lot pour l'instant : ajoutez le premier ci-dessous.</p>
          ) : (
            <>
              <ul className="rf-prize-list">
                {shownPrizes.map((prize) => (
                  <li key={prize.id} className="rf-prize">
                    {editing?.id === prize.id ? (
                      <PrizeFields
                        form={editing.form}
                        onChange={(form) => setEditing({ id: prize.id, form })}
                        labelPrefix={`Lot ${prize.id}`}
                        message={flashAt(prize.id)}
                      >
                        <Button onClick={handleSave}>Enregistrer</Button>
                        <Button variant="ghost" onClick={() => setEditing(null)}>
                          Annuler
                        </Button>
                      </PrizeFields>
                    ) : (
                      <>
                        <div className="rf-prize__thumb" aria-hidden="true">
                          {prize.image ? <img src={prize.image} alt="" /> : <GiftIcon />}
                        </div>
                        <div className="rf-prize__main">
                          <span className="rf-rank" title="Rang">
                            {prize.rank}
                          </span>
                          <div>
                            <div className="rf-prize__title">
                              <strong className="rf-prize__name">{prize.name}</strong>
                              {prize.alcohol && <span className="k-badge k-badge--warn">Alcool</span>}
                            </div>
                            <div className="rf-prize__meta">
                              <span className="rf-prize__qty">{prize.quantity} disponible(s)</span>
                              <span className="rf-prize__price">Valeur {formatEuros(prize.price)}</span>
                              <span className="rf-prize__cost">Coût {formatEuros(prize.cost)}</span>
                            </div>
                          </div>
                        </div>
                        <div className="rf-prize__actions">
                          <a
                            href={`/tombola/admin-prize/${prize.id}/edit/image`}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="k-button k-button--ghost"
                          >
                            {prize.illustration ? "Modifier l'illustration" : 'Ajouter une illustration'}
                          </a>
                          <Button variant="secondary" onClick={() => setEditing({ id: prize.id, form: formOf(prize) })}>
                            Corriger
                          </Button>
                          <Button variant="danger" onClick={() => handleDelete(prize)}>
                            Supprimer
                          </Button>
                        </div>
                        {flashAt(prize.id) && (
                          <div className="rf-prize__flash">
                            <Flash message={flashAt(prize.id)} />
                          </div>
                        )}
                      </>
                    )}
                  </li>
                ))}
              </ul>
              {pageCount > 1 && <Pagination pageCount={pageCount} page={currentPage} onPageChange={setPage} label="Pagination des lots" />}
            </>
          )}

          <form className="rf-add-prize" onSubmit={handleAdd} noValidate>
            <h2>Ajouter un lot</h2>
            <PrizeFields form={adding} onChange={setAdding} labelPrefix="Nouveau lot" message={flashAt('add')}>
              <Button type="submit">Ajouter le lot</Button>
            </PrizeFields>
          </form>
        </section>
        <aside>{raffle && <LawPanel law={raffle.law as LawPanelData} />}</aside>
      </div>
    </>
  );
}

/**
 * Nom, Rang, Valeur (shown to buyers, sent as `price`), Coût pour l'association (`cost`, what the
 * law panel and accounting count), Quantité and « Contient de l'alcool ».
 */
function PrizeFields({
  form,
  onChange,
  labelPrefix,
  message,
  children,
}: {
  form: PrizeForm;
  onChange: (form: PrizeForm) => void;
  labelPrefix: string;
  /** The outcome of this form's last action, shown right under its buttons. */
  message?: FlashMessage | null;
  children: ReactNode;
}) {
  const id = useId();
  const set = (field: keyof PrizeForm) => (e: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...form, [field]: field === 'alcohol' ? e.target.checked : e.target.value });
  return (
    <div className="rf-prize-fields" role="group" aria-label={labelPrefix}>
      <label htmlFor={`${id}-name`}>Nom</label>
      <input id={`${id}-name`} className="k-input" value={form.name} onChange={set('name')} maxLength={200} />
      <label htmlFor={`${id}-rank`}>Rang</label>
      <input id={`${id}-rank`} className="k-input" type="number" min={1} value={form.weight} onChange={set('weight')} />
      <label htmlFor={`${id}-price`}>Valeur</label>
      <MoneyInput
        id={`${id}-price`}
        value={form.price}
        onChange={set('price')}
        title="Valeur du lot annoncée aux acheteurs, en euros"
        placeholder="0,00"
      />
      <label htmlFor={`${id}-cost`}>Coût pour l'association</label>
      <MoneyInput
        id={`${id}-cost`}
        value={form.cost}
        onChange={set('cost')}
        title="Ce que l'association a payé pour ce lot, en euros (0 pour un lot offert)"
        placeholder="0,00"
      />
      <label htmlFor={`${id}-qty`}>Quantité</label>
      <input id={`${id}-qty`} className="k-input" type="number" min={0} value={form.quantity} onChange={set('quantity')} />
      <label className="k-check" htmlFor={`${id}-alcohol`}>
        <input id={`${id}-alcohol`} type="checkbox" checked={form.alcohol} onChange={set('alcohol')} /> Contient de l'alcool
      </label>
      <div className="k-actions k-actions--roomy rf-actions">{children}</div>
      {message && (
        <div className="rf-prize-fields__message">
          <Flash message={message} />
        </div>
      )}
    </div>
  );
}
