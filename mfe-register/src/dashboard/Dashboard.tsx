/**
 * The live dashboard of a fair, exposed as the third module `./Dashboard` of
 * `mfe_register`: the shell loads it at /tableau-de-bord for admins and treasurers only, so the
 * register page's JavaScript does not carry it. The figures refresh by themselves every few
 * seconds; « Imprimer le récapitulatif » prints the end-of-fair summary (A4, print CSS).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ErrorLine, formatDate, formatEuros, RequireRole, Spinner, useResource } from '@kermesse/ui-kit';
import { createDashboardApi, type Dashboard as Figures, type DashboardApi } from './dashboardApi';
import { HourChart } from './HourChart';
import { DASHBOARD_POLL_MS, useLiveDashboard } from './useLiveDashboard';
import './dashboard.css';

let sharedApi: DashboardApi | undefined;

export default function Dashboard({ api, pollMs = DASHBOARD_POLL_MS }: { api?: DashboardApi; pollMs?: number }) {
  const client = useMemo(() => api ?? (sharedApi ??= createDashboardApi()), [api]);
  return (
    <RequireRole
      roles={['admin', 'treasurer']}
      title="Tableau de bord"
      denied="Le tableau de bord est réservé aux administrateurs et aux trésoriers."
      signIn="Connectez-vous avec un compte administrateur ou trésorier pour suivre la fête."
      className="k-notice"
    >
      <DashboardPage api={client} pollMs={pollMs} />
    </RequireRole>
  );
}

function DashboardPage({ api, pollMs }: { api: DashboardApi; pollMs: number }) {
  const [params, setParams] = useSearchParams();
  const eventList = useResource(() => api.listEvents(), [api]);
  const events = eventList.data ?? null;
  const eventsError = eventList.error
    ? eventList.error instanceof Error
      ? eventList.error.message
      : 'Erreur lors de la récupération des données.'
    : null;
  const asked = Number(params.get('evenement'));
  const eventId = events?.some((e) => e.id === asked) ? asked : (events?.[0]?.id ?? null);
  const live = useLiveDashboard(api, eventId, pollMs);
  const handleEventChange = (id: string) => setParams({ evenement: id }, { replace: true });

  return (
    <div className="db">
      <header className="db-head">
        <div className="db-head__title">
          <h1>Tableau de bord</h1>
          <p className="db-print-only">
            Récapitulatif de fin de fête — {live.dashboard?.event.name ?? ''} — édité le {formatDate(new Date())} à {timeOf(Date.now())}
          </p>
        </div>
        <div className="db-head__actions db-no-print">
          {events && events.length > 0 && (
            <label className="k-field db-event">
              <span className="k-field__label">Événement</span>
              <select className="k-select" value={eventId ?? ''} onChange={(e) => handleEventChange(e.target.value)}>
                {events.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                    {e.archived ? ' (archivé)' : ''}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button variant="secondary" onClick={() => window.print()} disabled={!live.dashboard}>
            Imprimer le récapitulatif
          </Button>
        </div>
      </header>
      {eventsError && <ErrorLine>{eventsError}</ErrorLine>}
      {events && events.length === 0 && <p className="db-muted">Aucun événement pour l'instant.</p>}
      {live.error && <ErrorLine>{`Tableau de bord non actualisé : ${live.error}`}</ErrorLine>}
      {!events && !eventsError && <Spinner />}
      {events && eventId !== null && !live.dashboard && !live.error && <Spinner />}
      {live.dashboard && (
        <>
          <p className="db-status db-no-print" aria-live="polite">
            {live.checkedAt ? `Mis à jour à ${timeOf(live.checkedAt)} — actualisé toutes les ${Math.round(pollMs / 1000)} s` : ''}
          </p>
          <DashboardFigures figures={live.dashboard} />
        </>
      )}
    </div>
  );
}

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

function DashboardFigures({ figures }: { figures: Figures }) {
  const { totals } = figures;
  const bingos = figures.bingos ?? [];
  return (
    <div className="db-body">
      <section aria-label="Chiffres clés">
        <dl className="db-tiles">
          <Tile label="Chiffre d'affaires" value={formatEuros(totals.net)} detail={plural(totals.sales, 'vente')} />
          <Tile label="Encaissé" value={formatEuros(totals.collected)} detail="espèces, chèques et CB" />
          <Tile label="Panier moyen" value={formatEuros(totals.averageBasket)} />
          <Tile label="Dons" value={formatEuros(totals.donations.amount)} detail={plural(totals.donations.count, 'don')} />
          <Tile
            label="Ventes en attente"
            value={formatEuros(totals.pending.amount)}
            detail={`${plural(totals.pending.count, 'vente')} à régler`}
            warn={totals.pending.count > 0}
          />
          <Tile label="Remboursements" value={formatEuros(totals.refunds.amount)} detail={plural(totals.refunds.count, 'remboursement')} />
        </dl>
      </section>

      <section className="k-card db-card db-card--wide">
        <h2>Recettes par heure</h2>
        <HourChart hours={figures.byHour} />
      </section>

      <section className="k-card db-card">
        <h2>Par mode de paiement</h2>
        <Table
          head={['Mode', 'Encaissé', 'Remboursé', 'Net']}
          numeric={[1, 2, 3]}
          rows={figures.byPaymentMode.map((m) => [m.label, formatEuros(m.collected), formatEuros(m.refunded), formatEuros(m.net)])}
          foot={[
            'Total',
            formatEuros(sum(figures.byPaymentMode, 'collected')),
            formatEuros(sum(figures.byPaymentMode, 'refunded')),
            formatEuros(totals.collected),
          ]}
        />
      </section>

      <section className="k-card db-card">
        <h2>Par caisse</h2>
        <Table
          head={['Caisse', 'Ventes', 'Montant']}
          numeric={[1, 2]}
          empty="Aucune caisse."
          rows={figures.byCheckout.map((c) => [c.name, String(c.sales), formatEuros(c.amount)])}
        />
      </section>

      <section className="k-card db-card">
        <h2>Par catégorie</h2>
        <Table
          head={['Catégorie', 'Quantité', 'Montant']}
          numeric={[1, 2]}
          empty="Aucune vente pour l'instant."
          rows={figures.byCategory.map((c) => [c.name, String(c.quantity), formatEuros(c.amount)])}
        />
      </section>

      <section className="k-card db-card">
        <h2>Meilleures ventes</h2>
        <Table
          head={['Produit', 'Quantité', 'Montant']}
          numeric={[1, 2]}
          empty="Aucune vente pour l'instant."
          rows={figures.topProducts.map((p) => [p.name, String(p.quantity), formatEuros(p.amount)])}
        />
      </section>

      {(figures.raffles.length > 0 || figures.giftBaskets.length > 0 || bingos.length > 0) && (
        <section className="k-card db-card">
          <h2>{bingos.length > 0 ? 'Tombola, paniers garnis et loto' : 'Tombola et paniers garnis'}</h2>
          {figures.raffles.length > 0 && (
            <Table
              head={['Tombola', 'Tickets vendus', 'Annulés', 'Montant']}
              numeric={[1, 2, 3]}
              rows={figures.raffles.map((r) => [r.name, `${r.sold} / ${r.total}`, String(r.voided), formatEuros(r.amount)])}
            />
          )}
          {figures.giftBaskets.length > 0 && (
            <Table
              head={['Panier garni', 'Paris', 'Annulés', 'Montant']}
              numeric={[1, 2, 3]}
              rows={figures.giftBaskets.map((b) => [b.name, String(b.bets), String(b.voided), formatEuros(b.amount)])}
            />
          )}
          {bingos.length > 0 && (
            <Table
              head={['Loto', 'Cartons vendus', 'Annulés', 'Montant']}
              numeric={[1, 2, 3]}
              rows={bingos.map((b) => [b.name, `${b.sold} / ${b.total}`, String(b.voided), formatEuros(b.amount)])}
            />
          )}
        </section>
      )}
    </div>
  );
}

const sum = <K extends string>(rows: Array<Record<K, number>>, key: K) =>
  Math.round(rows.reduce((total, row) => total + row[key] * 100, 0)) / 100;

function Tile({ label, value, detail, warn = false }: { label: string; value: string; detail?: string; warn?: boolean }) {
  return (
    <div className={`db-tile${warn ? ' db-tile--warn' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="db-tile__value">{value}</span>
        {detail && <span className="db-tile__detail">{detail}</span>}
      </dd>
    </div>
  );
}

function Table({
  head,
  rows,
  foot,
  numeric = [],
  empty,
}: {
  head: string[];
  rows: string[][];
  foot?: string[];
  numeric?: number[];
  empty?: string;
}) {
  if (rows.length === 0 && empty) return <p className="db-muted">{empty}</p>;
  const cls = (i: number) => (numeric.includes(i) ? 'k-num' : undefined);
  return (
    <div className="k-table-wrap">
      <table className="k-table k-table--compact db-table">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={cls(i)}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={cls(i)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr>
              {foot.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={cls(i)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
