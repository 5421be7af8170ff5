import { useEffect, useMemo, useState } from 'react';
import { Button, classNames, ErrorLine, Modal, Spinner, useResource } from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import type { RaffleInfo } from '../api/checkoutApi';
import {
  autoSelect,
  pageCount,
  pageNumbers,
  TICKET_COLUMNS,
  TICKETS_PER_PAGE,
  toggleTicket,
  unavailableOffline,
} from '../cart/ticketSelection';
import { OFFLINE_TICKET_MESSAGES } from '../sale/ticketBlock';

const NOTHING_SOLD: readonly number[] = [];

export const TICKETS_UNAVAILABLE_MESSAGE = 'Impossible de charger les tickets. Veuillez réessayer plus tard.';

export interface RaffleTicketPickerProps {
  raffle: RaffleInfo;
  /** Tickets the cart pays for: exactly this many must be chosen. */
  allowed: number;
  initial: number[];
  /** Numbers sold meanwhile (a refused sale), marked sold even before the list reloads. */
  alsoSold?: readonly number[];
  onConfirm: (tickets: number[]) => void;
  onCancel: () => void;
  random?: () => number;
  /**
   * Without network: the numbers reserved to this register that it may still sell; only
   * those are offered. Also used when the sold list cannot be loaded.
   */
  offline?: { numbers: readonly number[] } | null;
  /** With network: numbers kept for offline sales (this register's block and the others'), not offered. */
  reserved?: readonly number[];
}

/**
 * Raffle ticket picker (docs/spec.md §2, §4, §5): 10 columns, 100 numbers per page, sold numbers disabled,
 * manual selection up to the number allowed, automatic completion at random.
 */
export function RaffleTicketPicker({
  raffle,
  allowed,
  initial,
  alsoSold = NOTHING_SOLD,
  onConfirm,
  onCancel,
  random,
  offline = null,
  reserved = NOTHING_SOLD,
}: RaffleTicketPickerProps) {
  const api = useCheckoutApi();
  // The numbers sold (and those sold meanwhile); not asked offline when the block is known.
  const soldList = useResource(
    typeof navigator !== 'undefined' && navigator.onLine === false && offline
      ? null
      : () =>
          api.soldTickets(raffle.id).then((numbers) => {
            for (const number of alsoSold) numbers.add(number);
            return numbers;
          }),
    [api, raffle.id, alsoSold],
    { keepPreviousData: true },
  );
  const loaded = soldList.data ?? null;
  const failed = soldList.error !== null;
  // Offline (or the sold list unreachable while a block is known): only the block's numbers.
  const blockOnly = offline !== null && (failed || (typeof navigator !== 'undefined' && navigator.onLine === false));
  // Keyed by their content: the screen may hand a new array with the same numbers on each render.
  const offlineKey = offline ? offline.numbers.join(',') : null;
  const offlineNumbers = useMemo(() => (offlineKey === null ? null : offlineKey ? offlineKey.split(',').map(Number) : []), [offlineKey]);
  const reservedKey = reserved.join(',');
  const sold = useMemo(() => {
    if (blockOnly && offlineNumbers) return unavailableOffline(raffle.tickets, offlineNumbers);
    if (!loaded) return null;
    if (!reservedKey) return loaded;
    const taken = new Set(loaded);
    for (const number of reservedKey.split(',')) taken.add(Number(number));
    return taken;
  }, [blockOnly, offlineNumbers, raffle.tickets, loaded, reservedKey]);
  // Why numbers are grey, counted over the whole raffle (the legend under the grid says it).
  const reservedOnly = useMemo(
    () =>
      reservedKey
        ? reservedKey
            .split(',')
            .map(Number)
            .filter((number) => number <= raffle.tickets && !loaded?.has(number)).length
        : 0,
    [reservedKey, raffle.tickets, loaded],
  );
  const soldCount = loaded ? [...loaded].filter((number) => number <= raffle.tickets).length : 0;
  const [selected, setSelected] = useState<number[]>(initial);
  const [page, setPage] = useState(() => {
    const first = initial[0] ?? (blockOnly && offlineNumbers?.length ? Math.min(...offlineNumbers) : undefined);
    return first ? Math.floor((first - 1) / TICKETS_PER_PAGE) : 0;
  });
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!blockOnly || !offlineNumbers) return;
    // Offline: a number chosen earlier outside the block cannot stay chosen.
    const mine = new Set(offlineNumbers);
    setSelected((current) => (current.every((number) => mine.has(number)) ? current : current.filter((number) => mine.has(number))));
  }, [blockOnly, offlineNumbers]);

  // A number chosen earlier and sold since cannot stay chosen.
  useEffect(() => {
    if (loaded) setSelected((current) => current.filter((number) => !loaded.has(number)));
  }, [loaded]);

  const pages = pageCount(raffle.tickets);

  const handleToggle = (number: number) => {
    if (!sold) return;
    const result = toggleTicket(selected, number, allowed, sold);
    setSelected(result.selected);
    setMessage(result.message);
  };

  const handleAuto = () => {
    if (!sold) return;
    const result = autoSelect(selected, allowed, raffle.tickets, sold, random);
    setSelected(result.selected);
    setMessage(result.message);
    if (!result.message) onConfirm(result.selected);
  };

  const actions = (
    <>
      <Button variant="ghost" onClick={onCancel}>
        Annuler
      </Button>
      <Button
        variant="ghost"
        disabled={!sold}
        onClick={() => {
          setSelected([]);
          setMessage(null);
        }}
      >
        Remise à zéro
      </Button>
      <Button variant="secondary" disabled={!sold} onClick={handleAuto}>
        Sélection automatique et confirmer
      </Button>
      <Button disabled={!sold || selected.length !== allowed} onClick={() => onConfirm(selected)}>
        Confirmer la sélection
      </Button>
    </>
  );

  return (
    <Modal title={`Tickets de tombola — ${raffle.name}`} onClose={onCancel} actions={actions} size="wide">
      {/* docs/spec.md §8 says so even when the block's numbers can still be offered. */}
      {failed && <ErrorLine>{TICKETS_UNAVAILABLE_MESSAGE}</ErrorLine>}
      {blockOnly && offlineNumbers && (
        <p className="reg-picker__offline" role="note">
          {OFFLINE_TICKET_MESSAGES.pickerNote(offlineNumbers.length)}
        </p>
      )}
      {!failed && !sold && <Spinner label="Chargement des tickets…" />}
      {sold && (
        <>
          <p className="reg-picker__count" aria-live="polite">
            Sélection :{' '}
            <strong data-testid="ticket-count">
              {selected.length} / {allowed}
            </strong>
            {selected.length > 0 && <span className="reg-picker__chosen"> — n° {[...selected].sort((a, b) => a - b).join(', ')}</span>}
            {message && (
              <span className="reg-picker__message" role="alert">
                {message}
              </span>
            )}
          </p>
          <div
            className="reg-tickets"
            role="group"
            aria-label={`Tickets ${page * TICKETS_PER_PAGE + 1} à ${Math.min(raffle.tickets, (page + 1) * TICKETS_PER_PAGE)}`}
            style={{ gridTemplateColumns: `repeat(${TICKET_COLUMNS}, minmax(0, 1fr))` }}
          >
            {pageNumbers(page, raffle.tickets).map((number) => {
              const isSold = sold.has(number);
              const held = isSold && !blockOnly && !loaded?.has(number);
              const label = !isSold
                ? `Ticket ${number}`
                : blockOnly
                  ? `Ticket ${number} non réservé à cette caisse`
                  : held
                    ? `Ticket ${number} réservé à la vente hors ligne`
                    : `Ticket ${number} vendu`;
              const isSelected = selected.includes(number);
              return (
                <button
                  key={number}
                  type="button"
                  className={classNames(
                    'reg-ticket',
                    isSold && 'reg-ticket--sold',
                    held && 'reg-ticket--held',
                    isSelected && 'reg-ticket--selected',
                  )}
                  disabled={isSold}
                  aria-pressed={isSelected}
                  aria-label={label}
                  title={isSold ? label.replace(/^Ticket /, 'N° ') : undefined}
                  onClick={() => handleToggle(number)}
                >
                  {number}
                </button>
              );
            })}
          </div>
          <GreyNumbersLegend blockOnly={blockOnly} sold={soldCount} held={reservedOnly} />
          <div className="reg-pager">
            <Button variant="ghost" disabled={page === 0} onClick={() => setPage((current) => current - 1)}>
              Précédent
            </Button>
            <span className="reg-pager__position">
              Page {page + 1} / {pages}
            </span>
            <Button variant="ghost" disabled={page >= pages - 1} onClick={() => setPage((current) => current + 1)}>
              Suivant
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;

/**
 * Says why numbers cannot be chosen, instead of leaving a cashier to wonder at grey buttons: sold
 * (struck through), or kept for a register's offline sales (its block, docs/offline.md) — those are
 * sold by that register, even without network. Offline, only this register's block is offered.
 */
function GreyNumbersLegend({ blockOnly, sold, held }: { blockOnly: boolean; sold: number; held: number }) {
  if (blockOnly) {
    return (
      <ul className="reg-picker__legend" aria-label="Numéros grisés">
        <li>
          <span className="reg-picker__swatch reg-picker__swatch--sold" aria-hidden="true">
            12
          </span>
          Grisé : hors du bloc de cette caisse (vendu, ou réservé à une autre caisse).
        </li>
      </ul>
    );
  }
  if (sold === 0 && held === 0) return null;
  return (
    <ul className="reg-picker__legend" aria-label="Numéros grisés">
      {sold > 0 && (
        <li>
          <span className="reg-picker__swatch reg-picker__swatch--sold" aria-hidden="true">
            12
          </span>
          Barré : déjà vendu ({plural(sold, 'numéro', 'numéros')}).
        </li>
      )}
      {held > 0 && (
        <li>
          <span className="reg-picker__swatch reg-picker__swatch--held" aria-hidden="true">
            12
          </span>
          En pointillés : réservé à la vente hors ligne d'une caisse ({plural(held, 'numéro', 'numéros')}) ; cette caisse-là le vend, même
          sans réseau.
        </li>
      )}
    </ul>
  );
}
