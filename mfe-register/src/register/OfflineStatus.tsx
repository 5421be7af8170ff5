import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, dateTimeFormat, formatEuros, formatTime } from '@kermesse/ui-kit';
import { SIGN_IN_PATH } from '../api/bearerToken';
import { waitingLabel, type QueuedSale } from '../sale/offlineQueue';
import type { OfflineQueue } from '../sale/useOfflineQueue';
import { CheckIcon } from './icons';

/** What the register says about working without network (docs/offline.md), in French. */
export const OFFLINE_MESSAGES = {
  offline:
    'Hors ligne : les ventes en espèces et par chèque, tickets de tombola compris (numéros réservés à cette caisse), sont gardées sur cet appareil et envoyées au retour du réseau.',
  card: 'Hors ligne : le paiement CB a besoin du réseau (le lecteur ne fonctionne pas hors ligne). Encaissez en espèces ou par chèque.',
  hold: 'Hors ligne : la mise en attente a besoin du réseau. Encaissez en espèces ou par chèque.',
  signIn: 'Votre connexion a expiré : ces ventes restent sur cet appareil et seront envoyées dès votre reconnexion.',
} as const;

const time = dateTimeFormat({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
const day = dateTimeFormat({ day: '2-digit', month: '2-digit' });

/** « Catalogue du 23/11 à 14:05 » : when the catalogue, settings and stock alerts shown were loaded. */
export const catalogDateLabel = (at: number) => `Catalogue et alertes de stock du ${day.format(at)} à ${formatTime(at)}`;

export interface OfflineStatusProps {
  online: boolean;
  /** The server refused the register's token: the waiting sales need a new sign-in. */
  signInNeeded?: boolean;
  waiting: QueuedSale[];
  refused: QueuedSale[];
  onSend: () => void;
  onForget: (key: string) => void;
  /** When the catalogue and stock alerts shown were last loaded with the network. */
  updatedAt?: number | null;
}

/**
 * Always on screen while it has something to say: « Hors ligne », « N ventes en attente d'envoi »
 * (with « Envoyer maintenant » when the network is back), and each sale the server refused on sync
 * with its reason, kept until the cashier settles it.
 */
export function OfflineStatus({ online, signInNeeded = false, waiting, refused, onSend, onForget, updatedAt }: OfflineStatusProps) {
  if (online && waiting.length === 0 && refused.length === 0) return null;
  return (
    <div className="reg-offline" role="status" aria-live="polite">
      {!online && <p className="reg-offline__state">{OFFLINE_MESSAGES.offline}</p>}
      {!online && updatedAt && <p className="reg-offline__updated">{catalogDateLabel(updatedAt)}.</p>}
      {waiting.length > 0 && (
        <p className="reg-offline__waiting">
          <strong data-testid="offline-waiting">{waitingLabel(waiting.length)}</strong>
          {online && signInNeeded && (
            <>
              <span className="reg-offline__sign-in">{OFFLINE_MESSAGES.signIn}</span>
              <Link className="k-button k-button--primary reg-offline__send" to={SIGN_IN_PATH}>
                Se reconnecter
              </Link>
            </>
          )}
          {online && !signInNeeded && (
            <Button variant="secondary" className="reg-offline__send" onClick={onSend}>
              Envoyer maintenant
            </Button>
          )}
        </p>
      )}
      {refused.length > 0 && (
        <ul className="reg-offline__refused" aria-label="Ventes refusées à l'envoi">
          {refused.map((sale) => (
            <li key={sale.key}>
              <span>
                Vente de {formatEuros({ cents: sale.totalCents })} du {time.format(sale.queuedAt)} refusée — {sale.refusal}
              </span>
              <Button
                variant="ghost"
                onClick={() => {
                  if (window.confirm('Retirer cette vente de la liste ? Faites-le seulement une fois la vente réglée autrement.'))
                    onForget(sale.key);
                }}
              >
                Retirer
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The offline status of the register's queue (`useOfflineQueue`): « Envoyer maintenant » sends, « Retirer » forgets. */
export function QueueStatus({ queue, updatedAt }: { queue: OfflineQueue; updatedAt?: number | null }) {
  return (
    <OfflineStatus
      online={queue.online}
      signInNeeded={queue.signInNeeded}
      waiting={queue.waiting}
      refused={queue.refused}
      onSend={() => void queue.sync()}
      onForget={(key) => void queue.forget(key)}
      updatedAt={updatedAt}
    />
  );
}

/** After a sale made offline: it is on this device, sent when the network returns. */
export function OfflineSaleScreen({
  totalCents,
  changeCents,
  onNewSale,
}: {
  totalCents: number;
  changeCents: number | null;
  onNewSale: () => void;
}) {
  const newSaleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => newSaleRef.current?.focus(), []);
  return (
    <section className="reg-finished" aria-labelledby="reg-offline-done">
      <span className="reg-finished__icon">
        <CheckIcon />
      </span>
      <h2 id="reg-offline-done">Vente enregistrée hors ligne</h2>
      <p className="reg-finished__reference">
        {formatEuros({ cents: totalCents })} — gardée sur cet appareil, elle sera envoyée dès le retour du réseau.
      </p>
      {changeCents !== null && changeCents > 0 && (
        <p className="reg-finished__change">
          Monnaie à rendre <strong>{formatEuros({ cents: changeCents })}</strong>
        </p>
      )}
      <div className="reg-finished__actions">
        <Button ref={newSaleRef} className="reg-finished__new" onClick={onNewSale}>
          Nouvelle vente
        </Button>
      </div>
    </section>
  );
}
