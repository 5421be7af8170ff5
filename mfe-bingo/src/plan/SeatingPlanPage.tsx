import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, Banner, Button, Spinner } from '@kermesse/ui-kit';
import { PLAN_REFRESH_MS, type SeatPlan } from '@kermesse/contracts-bingo';
import { bingoApi } from '../api/bingoApi';
import { useArea, useNightId } from '../components/useArea';

export const RELEASE_CONFIRMATION = 'Êtes-vous sûr de vouloir libérer ce siège ?';
export const NAME_PROMPT = 'Nom de la personne pour ce siège :';

type SeatKey = `${number}:${number}`;
const keyOf = (tableId: number, seatId: number): SeatKey => `${tableId}:${seatId}`;

/**
 * « Placement des tables - Loto » (docs/spec.md §2): the tables in 3 columns with their seats. A free seat
 * is reserved by prompting for a name (an empty name cancels); a reserved seat is released after
 * the confirmation; the plan reloads after each success and every 2 s, so volunteers at two doors
 * see each other's changes. « Famille » mode selects several seats reserved together, all or none.
 */
export function SeatingPlanPage() {
  const id = useNightId();
  const area = useArea() ?? 'volunteer';
  const [plan, setPlan] = useState<SeatPlan | null>(null);
  // The outcome of the last action, said beside the table it was about: on a phone at the door, table
  // 25 is several screens below the top of the plan, where a refusal went unseen.
  const [outcome, setOutcome] = useState<{ at: number | 'top'; tone: 'success' | 'error'; text: string } | null>(null);
  const outcomeAt = (at: number | 'top') =>
    outcome?.at === at ? (
      <div className="bgo-outcome">
        <Banner tone={outcome.tone}>{outcome.text}</Banner>
      </div>
    ) : null;
  const [busy, setBusy] = useState(false);
  const [groupMode, setGroupMode] = useState(false);
  const [selected, setSelected] = useState<SeatKey[]>([]);
  const loading = useRef(false);

  const load = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      setPlan(await bingoApi.getPlan(area, id));
    } catch (err) {
      setOutcome({ at: 'top', tone: 'error', text: err instanceof ApiError ? err.message : String(err) });
    } finally {
      loading.current = false;
    }
  }, [area, id]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void load();
    }, PLAN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  async function run(action: () => Promise<{ message: string }>, at: number | 'top') {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await action();
      setOutcome({ at, tone: 'success', text: answer.message });
    } catch (err) {
      setOutcome({ at, tone: 'error', text: err instanceof ApiError ? err.message : String(err) });
    } finally {
      setBusy(false);
      await load();
    }
  }

  async function handleSeat(tableId: number, seatId: number, reserved: boolean) {
    if (groupMode) {
      if (reserved) return;
      const key = keyOf(tableId, seatId);
      setSelected((current) => (current.includes(key) ? current.filter((k) => k !== key) : [...current, key]));
      return;
    }
    if (reserved) {
      if (!window.confirm(RELEASE_CONFIRMATION)) return;
      await run(() => bingoApi.release(area, id, { tableId, seatId }), tableId);
      return;
    }
    const name = window.prompt(NAME_PROMPT, '');
    if (!name || !name.trim()) return; // docs/spec.md §5: an empty name cancels.
    await run(() => bingoApi.reserve(area, id, { tableId, seatId, name: name.trim() }), tableId);
  }

  async function handleGroup() {
    if (!selected.length) return;
    const name = window.prompt(`Nom de la famille pour ces ${selected.length} sièges :`, '');
    if (!name || !name.trim()) return;
    const seats = selected.map((k) => {
      const [tableId, seatId] = k.split(':').map(Number);
      return { tableId: tableId!, seatId: seatId! };
    });
    await run(() => bingoApi.reserveGroup(area, id, { name: name.trim(), seats }), 'top');
    setSelected([]);
    setGroupMode(false);
  }

  if (!plan) return outcome ? <Banner tone="error">{outcome.text}</Banner> : <Spinner label="Chargement du plan…" />;

  const free = plan.tables.reduce((n, t) => n + t.seats.filter((s) => !s.reserved).length, 0);
  const total = plan.tables.reduce((n, t) => n + t.seats.length, 0);

  return (
    <section className="bgo-plan">
      <header className="bgo-plan__head">
        <h1>Placement des tables - Loto</h1>
        <p className="k-muted">
          {free} place(s) libre(s) sur {total}
        </p>
        <div className="k-actions bgo-no-print">
          <Button
            variant={groupMode ? 'primary' : 'secondary'}
            aria-pressed={groupMode}
            onClick={() => {
              setGroupMode(!groupMode);
              setSelected([]);
            }}
          >
            {groupMode ? 'Annuler la famille' : 'Réserver pour une famille'}
          </Button>
          {groupMode && (
            <Button disabled={!selected.length || busy} onClick={() => void handleGroup()}>
              Réserver la sélection ({selected.length})
            </Button>
          )}
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimer
          </Button>
        </div>
      </header>
      <div aria-live="polite">{outcomeAt('top')}</div>
      <div className="bgo-tables">
        {plan.tables.map((table) => (
          <fieldset key={table.tableId} className="bgo-table" aria-label={table.label}>
            <legend>{table.label}</legend>
            <ul className="bgo-seats">
              {table.seats.map((seat) => {
                const picked = selected.includes(keyOf(table.tableId, seat.seatId));
                return (
                  <li key={seat.seatId}>
                    <button
                      type="button"
                      className={`bgo-seat${seat.reserved ? ' bgo-seat--taken' : ''}${picked ? ' bgo-seat--picked' : ''}`}
                      disabled={busy}
                      aria-pressed={groupMode ? picked : undefined}
                      // The name holds the words shown (« 4 Libre », « 1 Famille Martin »), so voice control finds the seat by them.
                      aria-label={`${table.label}, siège ${seat.seatId} : ${seat.reserved ? seat.name : 'libre'}`}
                      title={seat.reserved ? (seat.name ?? '') : 'Libre'}
                      onClick={() => void handleSeat(table.tableId, seat.seatId, seat.reserved)}
                    >
                      <span className="bgo-seat__no">{seat.seatId}</span>{' '}
                      <span className="bgo-seat__name">{seat.reserved ? seat.name : 'Libre'}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <div aria-live="polite">{outcomeAt(table.tableId)}</div>
          </fieldset>
        ))}
      </div>
    </section>
  );
}
