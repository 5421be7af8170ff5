import { formatEuros } from '@kermesse/ui-kit';
import { layoutTotals, type LayoutRow } from '@kermesse/contracts-accounting';

/** « Bilan des comptes » and the forecast: Dépense, Montant, Recette, Montant, Solde, footer TOTAUX. */
export function LayoutTable({ rows, caption }: { rows: LayoutRow[]; caption: string }) {
  const totals = layoutTotals(rows);
  return (
    <div className="k-table-wrap">
      <table className="k-table acc-table acc-layout">
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
        <LayoutRows rows={rows} />
        <tfoot>
          <tr>
            <th scope="row" className="acc-layout__title">
              TOTAUX
            </th>
            <td className="k-num" data-label="Dépenses">
              {formatEuros(totals.depenses)}
            </td>
            <td />
            <td className="k-num" data-label="Recettes">
              {formatEuros(totals.recettes)}
            </td>
            <td className="k-num" data-label="Solde">
              {formatEuros(totals.solde)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The lines of a layout (the Bilan, the forecast, a balance's report): a phone shows each as a card
 * whose cells say what they are (`data-label`, accounting.css).
 */
export function LayoutRows({ rows }: { rows: LayoutRow[] }) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={row.rank}>
          <td data-label="Dépense">{row.depense_label}</td>
          <td className="k-num">{row.depense_label ? formatEuros(row.depenses) : ''}</td>
          <td data-label="Recette">{row.recette_label}</td>
          <td className="k-num">{row.recette_label ? formatEuros(row.recettes) : ''}</td>
          <td className="k-num" data-label="Solde">
            {formatEuros(row.solde)}
          </td>
        </tr>
      ))}
    </tbody>
  );
}
