import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Banner, Button, ErrorLine, formatDate, formatEuros, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { parseEuros } from '@kermesse/contracts-common';
import { accountLabel, DEFAULT_PURCHASE_ACCOUNT, type FairEvent, type FairResult } from '@kermesse/contracts-accounting';
import { accountingApi, downloads } from '../api/accountingApi';
import { failureText } from '../components/messages';
import { ReportActions } from '../components/ReportActions';

/** The one row of a table with nothing to show yet, across all its columns. */
function EmptyRow({ columns, children }: { columns: number; children: string }) {
  return (
    <tr>
      <td colSpan={columns} className="k-muted">
        {children}
      </td>
    </tr>
  );
}

/**
 * « Résultat de la fête »: an event's revenue by category and payment mode (net of its refunds, as the
 * dashboard and the Z reports count them), its known costs by origin (prizes of the raffle, gift
 * baskets and loto as those services publish them, purchases entered), the till gaps counted at the
 * closings, and its result.
 */
export function FairResultPage() {
  const [params, setParams] = useSearchParams();
  const [events, setEvents] = useState<FairEvent[] | null>(null);
  const [result, setResult] = useState<FairResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const eventId = Number(params.get('evenement')) || events?.[0]?.id || null;
  const selectId = useId();

  useEffect(() => {
    accountingApi.listEvents().then(
      (answer) => setEvents(answer.events),
      () => setError('Erreur lors de la récupération des données'),
    );
  }, []);
  const load = useCallback(() => {
    if (!eventId) return;
    setResult(null);
    accountingApi.getFairResult(eventId).then(setResult, () => setError('Erreur lors de la récupération des données'));
  }, [eventId]);
  useEffect(load, [load]);

  if (error && !events) return <ErrorLine>{error}</ErrorLine>;
  if (!events) return <Spinner />;
  if (events.length === 0)
    return <p className="k-card k-empty">Aucune fête dans les comptes : les ventes de la caisse y arrivent d'elles-mêmes.</p>;

  return (
    <section className="k-page acc-page acc-report" aria-labelledby="fair-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="fair-title">Résultat de la fête</h1>
          {result && (
            <p className="acc-subtitle">
              {result.event.name} — {result.sales} vente{result.sales > 1 ? 's' : ''}
            </p>
          )}
        </div>
        <div className="k-field k-no-print">
          <label className="k-field__label" htmlFor={selectId}>
            Événement
          </label>
          <select id={selectId} className="k-select" value={eventId ?? ''} onChange={(e) => setParams({ evenement: e.target.value })}>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.name}
              </option>
            ))}
          </select>
        </div>
      </header>
      {eventId && <ReportActions csvPath={downloads.fairResult(eventId)} />}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!result ? (
        <p className="k-loading">Chargement…</p>
      ) : (
        <>
          <div className="acc-columns">
            <div className="k-table-wrap">
              <table className="k-table acc-table">
                <caption>Recettes par catégorie</caption>
                <thead>
                  <tr>
                    <th scope="col">Catégorie</th>
                    <th scope="col">Compte</th>
                    <th scope="col" className="k-num">
                      Montant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.revenue.byCategory.map((c) => (
                    <tr key={`${c.category}-${c.account}`}>
                      <td>{c.category}</td>
                      <td>
                        {c.account} <span className="k-muted">{accountLabel(c.account)}</span>
                      </td>
                      <td className="k-num">{formatEuros(c.amount)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      Total des recettes
                    </th>
                    <td className="k-num">{formatEuros(result.revenue.total)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <div className="k-table-wrap">
              <table className="k-table acc-table">
                <caption>Encaissements par mode de paiement</caption>
                <thead>
                  <tr>
                    <th scope="col">Mode</th>
                    <th scope="col" className="k-num">
                      Montant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.revenue.byPaymentMode.map((m) => (
                    <tr key={m.method}>
                      <td>{m.label}</td>
                      <td className="k-num">{formatEuros(m.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          {result.revenue.refunds.count > 0 && (
            <p className="k-muted" id="fair-refunds">
              Montants nets des remboursements : {result.revenue.refunds.count} remboursement
              {result.revenue.refunds.count > 1 ? 's' : ''} ({formatEuros(result.revenue.refunds.amount)}) déjà déduit
              {result.revenue.refunds.count > 1 ? 's' : ''}.
            </p>
          )}
          <div className="acc-columns">
            <div className="k-table-wrap">
              <table className="k-table acc-table" id="fair-costs">
                <caption>Dépenses connues</caption>
                <thead>
                  <tr>
                    <th scope="col">Origine</th>
                    <th scope="col" className="k-num">
                      Montant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.costs.bySource.map((c) => (
                    <tr key={c.source}>
                      <td>{c.label}</td>
                      <td className="k-num">{formatEuros(c.amount)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total des dépenses</th>
                    <td className="k-num">{formatEuros(result.costs.total)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <div className="k-table-wrap">
              <table className="k-table acc-table">
                <caption>Lots (coûts publiés par la tombola et le loto)</caption>
                <thead>
                  <tr>
                    <th scope="col">Lots de</th>
                    <th scope="col">Origine</th>
                    <th scope="col" className="k-num">
                      Lots
                    </th>
                    <th scope="col" className="k-num">
                      Coût
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.costs.prizes.length === 0 && <EmptyRow columns={4}>Aucun lot connu pour cette fête.</EmptyRow>}
                  {result.costs.prizes.map((p, i) => (
                    <tr key={`${p.source}-${i}`}>
                      <td>{p.name}</td>
                      <td>{p.label}</td>
                      <td className="k-num">{p.prizes}</td>
                      <td className="k-num">{formatEuros(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="k-table-wrap">
            <table className="k-table acc-table">
              <caption>Achats saisis</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Libellé</th>
                  <th scope="col">Compte</th>
                  <th scope="col" className="k-num">
                    Montant
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.costs.purchases.length === 0 && <EmptyRow columns={4}>Aucun achat saisi.</EmptyRow>}
                {result.costs.purchases.map((p) => (
                  <tr key={p.id}>
                    <td>{formatDate(p.date)}</td>
                    <td>{p.label}</td>
                    <td>
                      {p.account} <span className="k-muted">{accountLabel(p.account)}</span>
                    </td>
                    <td className="k-num">{formatEuros(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="k-table-wrap">
            <table className="k-table acc-table" id="fair-till-gaps">
              <caption>Écarts de caisse (compté − attendu aux clôtures)</caption>
              <thead>
                <tr>
                  <th scope="col">Mode</th>
                  <th scope="col" className="k-num">
                    Montant
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.tillGaps.byPaymentMode.length === 0 && <EmptyRow columns={2}>Aucun écart de caisse aux clôtures.</EmptyRow>}
                {result.tillGaps.byPaymentMode.map((m) => (
                  <tr key={m.method}>
                    <td>{m.label}</td>
                    <td className="k-num">{formatEuros(m.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total des écarts de caisse</th>
                  <td className="k-num">{formatEuros(result.tillGaps.total)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p className={result.result >= 0 ? 'acc-result acc-result--gain' : 'acc-result acc-result--loss'} id="fair-result">
            Résultat de la fête : <strong>{formatEuros(result.result)}</strong>
          </p>
          <p className="k-muted" id="fair-result-detail">
            Recettes {formatEuros(result.revenue.total)} − dépenses {formatEuros(result.costs.total)} + écarts de caisse{' '}
            {formatEuros(result.tillGaps.total)}
          </p>
        </>
      )}
      {eventId && <PurchaseForm key={eventId} eventId={eventId} onAdded={load} />}
    </section>
  );
}

/** Adds a purchase for the fair (written in the purchases journal: debit the expense, credit the bank). */
function PurchaseForm({ eventId, onAdded }: { eventId: number; onAdded: () => void }) {
  const ids = { label: useId(), amount: useId(), account: useId(), date: useId() };
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState(DEFAULT_PURCHASE_ACCOUNT);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!label.trim()) return setError('Le libellé de la dépense est obligatoire.');
    if (parseEuros(amount) === null || parseEuros(amount) === 0)
      return setError('Le montant doit être un montant en euros, par exemple 30,50.');
    setError(null);
    try {
      await accountingApi.addPurchase(eventId, {
        label: label.trim(),
        amount,
        account: account.trim() || undefined,
        date: date || undefined,
      });
      setNotice(`Dépense « ${label.trim()} » enregistrée.`);
      setLabel('');
      setAmount('');
      onAdded();
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement de la dépense", failure));
    }
  };

  return (
    <form className="k-card acc-card acc-purchase k-no-print" onSubmit={handleSubmit} noValidate aria-labelledby="purchase-title">
      <h2 id="purchase-title">Ajouter une dépense</h2>
      <div className="acc-purchase__fields">
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.label}>
            Libellé
          </label>
          <TextInput id={ids.label} value={label} onChange={(e) => setLabel(e.target.value)} placeholder="Crêpes, gobelets, lots…" />
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.amount}>
            Montant (€)
          </label>
          <MoneyInput id={ids.amount} value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="30,50" />
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.account}>
            Compte
          </label>
          <TextInput id={ids.account} inputMode="numeric" value={account} onChange={(e) => setAccount(e.target.value)} />
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.date}>
            Date
          </label>
          <TextInput id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
      </div>
      <Button type="submit">Ajouter la dépense</Button>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}
