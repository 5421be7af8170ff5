/**
 * The organiser's French-law panel, beside the prizes: a tombola run by an association offers prizes
 * in kind only, is authorised by the mayor, and usually keeps its costs within 15 % of the ticket
 * revenue (Code de la sécurité intérieure, art. L322-3 et suivants). Warnings never block.
 */
import { formatEuros } from '@kermesse/ui-kit';
import type { LawPanel as LawPanelData } from '../api/raffleApi';

const percent = (value: number) => `${String(value).replace('.', ',')} %`;

export function LawPanel({ law }: { law: LawPanelData }) {
  const over = law.costRatio !== null && law.costRatio > law.limit;
  return (
    <section className="k-card rf-law" aria-labelledby="rf-law-title">
      <h2 id="rf-law-title">Cadre légal de la tombola</h2>
      <dl className="k-figures">
        <div>
          <dt>Valeur totale des lots</dt>
          <dd>{formatEuros(law.totalValue)}</dd>
        </div>
        <div>
          <dt>Coût total des lots</dt>
          <dd>{formatEuros(law.totalCost)}</dd>
        </div>
        <div>
          <dt>Recettes des tickets à ce jour</dt>
          <dd>{formatEuros(law.ticketRevenue)}</dd>
        </div>
        <div>
          <dt>Coût des lots / recettes</dt>
          <dd className={over ? 'rf-over' : undefined}>{law.costRatio === null ? '—' : percent(law.costRatio)}</dd>
        </div>
      </dl>
      <div className="rf-gauge" aria-hidden="true">
        <div
          className={`rf-gauge__bar${over ? ' rf-gauge__bar--over' : ''}`}
          style={{ width: `${Math.min(100, ((law.costRatio ?? 0) / (2 * law.limit)) * 100)}%` }}
        />
        <div className="rf-gauge__limit" style={{ left: '50%' }} title={`${law.limit} %`} />
      </div>
      {law.warnings.length > 0 && (
        <ul className="rf-warnings" aria-label="Points d'attention">
          {law.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <p className="rf-legal">
        Une association peut organiser une tombola avec l'autorisation du maire, à condition de n'offrir que des lots en nature ; les frais
        d'organisation restent en principe sous {law.limit} % des recettes des tickets (Code de la sécurité intérieure, art. L322-3 et
        suivants). Ces avertissements ne bloquent rien.
      </p>
    </section>
  );
}
