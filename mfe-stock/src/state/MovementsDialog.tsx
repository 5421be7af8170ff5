import { Button, ErrorLine, Modal, Spinner, useResource } from '@kermesse/ui-kit';
import { stockApi, type Movement, type StockItem } from '../api/stockApi';
import { serverMessage } from '../components/messages';

const KIND_LABELS: Record<Movement['kind'], string> = { sale: 'Vente', correction: 'Correction', import: 'Inventaire' };
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** The movements that explain a product's level: every sale, correction and inventory, with its note. */
export function MovementsDialog({ item, eventId, onClose }: { item: StockItem; eventId: number; onClose(): void }) {
  const loaded = useResource(() => stockApi.getMovements(item.id, eventId), [item.id, eventId], { keepPreviousData: true });
  const movements = loaded.data?.movements ?? null;
  const error = loaded.error ? serverMessage(loaded.error, 'Erreur lors de la récupération des données.') : null;

  return (
    <Modal
      title={`Mouvements de stock : ${item.name}`}
      onClose={onClose}
      size="wide"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      {error && <ErrorLine>{error}</ErrorLine>}
      {!movements && !error && <Spinner />}
      {movements && movements.length === 0 && <p className="k-muted">Aucun mouvement : le stock est à 0.</p>}
      {movements && movements.length > 0 && (
        <table className="k-table k-table--compact stk-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col" className="k-num">
                Variation
              </th>
              <th scope="col" className="k-num">
                Stock après
              </th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {movements.map((m) => (
              <tr key={m.id}>
                <td>{dateTime.format(new Date(m.created_at))}</td>
                <td>{KIND_LABELS[m.kind]}</td>
                <td className={m.variation < 0 ? 'k-num stk-minus' : 'k-num stk-plus'}>
                  {m.variation > 0 ? `+${m.variation}` : m.variation}
                </td>
                <td className="k-num">{m.stock_after}</td>
                <td>
                  {m.note}
                  {m.created_by && <span className="k-muted stk-by"> — {m.created_by}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
