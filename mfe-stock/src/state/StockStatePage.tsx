import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorLine, Spinner, useResource } from '@kermesse/ui-kit';
import { stockApi, type StockItem } from '../api/stockApi';
import { byCategory } from '../components/messages';
import { EventChooser } from '../components/EventChooser';
import { InlineNumber } from './InlineNumber';
import { MovementsDialog } from './MovementsDialog';

/**
 * docs/spec.md §2 stock state: the products of an event grouped by category, stock and alert threshold
 * edited in place (min 0), and the number of products in alert in the header.
 */
export function StockStatePage() {
  const [params, setParams] = useSearchParams();
  const requestedEvent = Number(params.get('evenement')) || null;
  const stocks = useResource(() => stockApi.getStocks(requestedEvent), [requestedEvent], { keepPreviousData: true });
  const answer = stocks.data ?? null;
  const error = stocks.error ? (stocks.error instanceof Error ? stocks.error.message : String(stocks.error)) : null;
  const [history, setHistory] = useState<StockItem | null>(null);
  const { setData: setAnswer } = stocks;

  const handleSaved = useCallback(
    (item: StockItem) => {
      setAnswer(
        (current) =>
          current && {
            ...current,
            stocks: current.stocks.map((s) => (s.id === item.id ? item : s)),
            alerts: item.isAlert ? [...new Set([...current.alerts, item.id])] : current.alerts.filter((id) => id !== item.id),
          },
      );
    },
    [setAnswer],
  );

  if (error) return <ErrorLine id="stock-error">Erreur: {error}</ErrorLine>;
  if (!answer) return <Spinner />;

  const event = answer.event;
  const alertCount = answer.alerts.length;
  return (
    <section className="k-page" aria-labelledby="stock-title">
      <header className="k-page-header stk-header">
        <div>
          <h1 id="stock-title">État du stock</h1>
          {event && <p className="k-muted">{event.name}</p>}
        </div>
        <p className={alertCount ? 'stk-alert-count stk-alert-count--on' : 'stk-alert-count'} id="alert-count" aria-live="polite">
          <strong>{alertCount}</strong> {alertCount > 1 ? 'produits en alerte' : 'produit en alerte'}
        </p>
      </header>
      <EventChooser events={answer.events} value={event?.id ?? null} onChange={(id) => setParams(id ? { evenement: String(id) } : {})} />
      {answer.stocks.length === 0 ? (
        <p className="k-card k-empty">Aucune donnée de stock disponible.</p>
      ) : (
        byCategory(
          answer.stocks,
          (s) => s.category,
          (s) => s.name,
        ).map(([category, items]) => (
          <section key={category} className="k-card stk-group" aria-label={category}>
            <h2>{category}</h2>
            <table className="k-table stk-table stk-table--state">
              <colgroup>
                <col className="stk-col-name" />
                <col className="stk-col-number" />
                <col className="stk-col-number" />
                <col className="stk-col-state" />
                <col className="stk-col-history" />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">Produit</th>
                  <th scope="col" className="k-num">
                    Stock
                  </th>
                  <th scope="col" className="k-num">
                    Seuil d'alerte
                  </th>
                  <th scope="col">État</th>
                  <th scope="col">
                    <span className="k-visually-hidden">Historique</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} className={item.isAlert ? 'stk-row stk-row--alert' : 'stk-row'} data-product-id={item.id}>
                    <th scope="row">{item.name}</th>
                    <td className="k-num">
                      <InlineNumber
                        label={`Stock de ${item.name}`}
                        value={item.stock}
                        onSave={(value) => stockApi.updateStock(item.id, value, event!.id)}
                        onSaved={handleSaved}
                      />
                    </td>
                    <td className="k-num">
                      <InlineNumber
                        label={`Seuil d'alerte de ${item.name}`}
                        value={item.alert_threshold}
                        onSave={(value) => stockApi.updateThreshold(item.id, value, event!.id)}
                        onSaved={handleSaved}
                      />
                    </td>
                    <td>
                      {item.stock < 0 ? (
                        // More sold than counted: the fair never refuses a sale, but the count needs a look.
                        <span className="k-badge k-badge--alert" title="Plus de ventes que de stock compté : recomptez ce produit.">
                          Stock négatif
                        </span>
                      ) : item.isAlert ? (
                        <span className="k-badge k-badge--alert">En alerte</span>
                      ) : (
                        <span className="k-badge">OK</span>
                      )}
                    </td>
                    <td>
                      <button type="button" className="stk-link" onClick={() => setHistory(item)}>
                        Historique
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
      {history && event && <MovementsDialog item={history} eventId={event.id} onClose={() => setHistory(null)} />}
    </section>
  );
}
