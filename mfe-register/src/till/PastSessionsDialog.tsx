import { useEffect, useState } from 'react';
import { Button, ErrorLine, Modal, Spinner, dateTimeFormat, formatEuros, formatTime } from '@kermesse/ui-kit';
import { printHtml } from '../register/print';
import type { PastSession, TillApi } from './tillApi';

const when = dateTimeFormat({ weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const signed = (euros: number) => (euros > 0 ? `+${formatEuros(euros)}` : formatEuros(euros));
const MODES = [
  ['cash', 'Espèces'],
  ['cheque', 'Chèques'],
  ['card', 'CB'],
] as const;

/** The gaps of a closing in words: « aucun écart » or « Espèces -2,00 € ». */
export function gapsText(session: Pick<PastSession, 'difference'>): string {
  const gaps = MODES.filter(([mode]) => session.difference[mode] !== 0).map(
    ([mode, label]) => `${label} ${signed(session.difference[mode])}`,
  );
  return gaps.length ? gaps.join(' · ') : 'aucun écart';
}

/**
 * « Clôtures précédentes »: the register's closed sessions, newest first, each with its dates, float,
 * totals and differences, and its Z report (80 mm, A4) and cheque deposit slip to print again.
 */
export function PastSessionsDialog({ api, checkoutId, onClose }: { api: TillApi; checkoutId: number; onClose: () => void }) {
  const [sessions, setSessions] = useState<PastSession[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.pastSessions(checkoutId).then(
      (answer) => live && setSessions(answer.sessions),
      (err: unknown) => live && setLoadError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [api, checkoutId]);

  const print = async (load: () => Promise<string>) => {
    setError(null);
    try {
      const message = printHtml(await load());
      if (message) setError(message);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Modal
      title="Clôtures précédentes"
      onClose={onClose}
      size="wide"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      {error && <ErrorLine>{error}</ErrorLine>}
      {loadError ? (
        <ErrorLine>{loadError}</ErrorLine>
      ) : !sessions ? (
        <Spinner label="Chargement des clôtures…" />
      ) : sessions.length === 0 ? (
        <p className="till-help">Aucune session clôturée sur cette caisse.</p>
      ) : (
        <ul className="till-past" aria-label="Sessions clôturées">
          {sessions.map((s) => {
            const sameDay = new Date(s.openedAt).toDateString() === new Date(s.closedAt).toDateString();
            return (
              <li key={s.id} className="till-past__item" data-testid={`till-past-${s.id}`}>
                <h3 className="till-past__title">
                  Session n° {s.id} — {when.format(new Date(s.openedAt))} →{' '}
                  {sameDay ? formatTime(new Date(s.closedAt)) : when.format(new Date(s.closedAt))}
                </h3>
                <p className="till-past__line">
                  {s.automatic ? 'Ouverte automatiquement (fond 0 €)' : `Fond de caisse ${formatEuros(s.float.cash)}`} · {s.salesCount}{' '}
                  vente{s.salesCount > 1 ? 's' : ''} · total {formatEuros(s.grandTotal)}
                </p>
                <p className="till-past__line">
                  Compté : espèces {formatEuros(s.counted.cash)}, chèques {formatEuros(s.counted.cheque)}
                  {s.chequesCount ? ` (${s.chequesCount})` : ''}, CB {formatEuros(s.counted.card)}
                </p>
                <p className={`till-past__line ${gapsText(s) === 'aucun écart' ? 'till-ok' : 'till-gap'}`}>
                  Écarts : {gapsText(s)}
                  {s.reason ? ` — ${s.reason}` : ''}
                </p>
                <div className="till-past__actions k-actions">
                  <Button
                    variant="secondary"
                    aria-label={`Rapport Z 80 mm de la session n° ${s.id}`}
                    onClick={() => void print(() => api.report(s.id, '80mm'))}
                  >
                    Rapport Z (80 mm)
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Rapport Z A4 de la session n° ${s.id}`}
                    onClick={() => void print(() => api.report(s.id, 'a4'))}
                  >
                    Rapport Z (A4)
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Bordereau de chèques de la session n° ${s.id}`}
                    onClick={() => void print(() => api.chequeSlip(s.id))}
                  >
                    Bordereau de chèques
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
