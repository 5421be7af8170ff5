import { formatEuros } from '@kermesse/ui-kit';
import { layoutTotals, type LayoutRow } from '@kermesse/contracts-accounting';

/** « Bilan des comptes » and the forecast: Dépense, Montant, Recette, Montant, Solde, footer TOTAUX. */
export function LayoutTable({ rows, caption }: { rows: LayoutRow[]; caption: string }) {
  const totals = layoutTotals(rows);
  return (
    <div className="k-table-wrap">
      <table className="k-table acc-table">
        <caption className="k-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Dépense</th>
            <th scope="col" className="k-num">
              Montant
            </th>
            <th scope="col">Recette</th>
            <th scope="col" className="k-num">
              Montant
            </th>
            <th scope="col" className="k-num">
              Solde
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rank}>
              <td>{row.depense_label}</td>
              <td className="k-num">{row.depense_label ? formatEuros(row.depenses) : ''}</td>
              <td>{row.recette_label}</td>
              <td className="k-num">{row.recette_label ? formatEuros(row.recettes) : ''}</td>
              <td className="k-num">{formatEuros(row.solde)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">TOTAUX</th>
            <td className="k-num">{formatEuros(totals.depenses)}</td>
            <td />
            <td className="k-num">{formatEuros(totals.recettes)}</td>
            <td className="k-num">{formatEuros(totals.solde)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
