/** « Liste des lots de la tombola n° {id} », printable on A4 with « Imprimer ». */
import { useParams } from 'react-router';
import { Button, ErrorLine, formatAmount, Spinner, useResource } from '@kermesse/ui-kit';
import { toCents } from '@kermesse/contracts-common';
import { raffleApi } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { PRIZE_BANNERS } from './PrizeInventory';
import { useRaffleName } from '../components/useRaffleName';

export function PrintablePrizeListPage() {
  const raffleId = Number(useParams().raffleId);
  const raffleName = useRaffleName(raffleId);
  const loaded = useResource(() => raffleApi.listPrizes(raffleId), [raffleId], { keepPreviousData: true });
  const prizes = loaded.data ?? null;
  const failed = Boolean(loaded.error);

  return (
    <>
      <Breadcrumbs items={[{ label: raffleName, to: `/tombola/${raffleId}` }, { label: 'Liste imprimable' }]} />
      <section className="k-card rf-printable">
        <div className="k-page-header rf-title-row">
          <h1>Liste des lots de la tombola n° {raffleId}</h1>
          <Button className="k-no-print" onClick={() => window.print()}>
            Imprimer
          </Button>
        </div>
        {failed && <ErrorLine>{PRIZE_BANNERS.loadError}</ErrorLine>}
        {!failed && prizes === null && <Spinner />}
        {/* A4 keeps the table; a phone reads one card per prize instead of columns past its edge. */}
        {prizes && (
          <div className="k-table-wrap">
            <table className="k-table k-table--stack">
              <thead>
                <tr>
                  <th>Nom</th>
                  <th>Rang</th>
                  <th>Valeur (€)</th>
                  <th>Quantité</th>
                  <th>Contient de l'alcool</th>
                </tr>
              </thead>
              <tbody>
                {prizes.map((prize) => (
                  <tr key={prize.id}>
                    <td>{prize.name}</td>
                    <td>{prize.rank}</td>
                    <td className="k-num">{formatAmount(toCents(prize.price))}</td>
                    <td className="k-num">{prize.quantity}</td>
                    <td>{prize.Alcohol ? 'Oui' : 'Non'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
