/**
 * The organiser's French-law panel, beside the prizes (services/raffle/README.md « French law panel »):
 * what the prizes cost the association over the ticket receipts (usually held to 15 %), the mayor's
 * authorisation the tombola needs before the sale, and what more the file carries once the tickets
 * issued are worth more than 7 500 € (Code de la sécurité intérieure, art. L322-1 à L322-3).
 * Warnings never block.
 */
import { formatEuros } from '@kermesse/ui-kit';
import type { LawPanel as LawPanelData } from '../api/raffleApi';

const percent = (value: number) => `${String(value).replace('.', ',')} %`;

export function LawPanel({ law }: { law: LawPanelData }) {
  const over = law.costRatio !== null && law.costRatio > law.limit;
  const issuedOver = law.ticketsIssuedValue !== null && law.ticketsIssuedValue > law.accountsThreshold;
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
      <p className="rf-legal">
        Seul le coût des lots pour l'association compte (un lot offert ne coûte rien) : il reste en principe sous {law.limit} % des recettes
        des tickets. La valeur des lots est celle annoncée aux acheteurs.
      </p>
      {law.warnings.length > 0 && (
        <ul className="rf-warnings" aria-label="Points d'attention">
          {law.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <h3 className="rf-law__subtitle">Autorisation du maire</h3>
      <p className="rf-law__text">
        Une tombola doit être autorisée par le maire de la commune du siège de l'association (à Paris, par le préfet de police) : déposez le
        formulaire cerfa n° 11823*03 avec les statuts de l'association <strong>au moins un mois avant le tirage</strong>. Les lots sont
        uniquement en nature, jamais en argent.
      </p>
      <p className={`rf-law__text${issuedOver ? ' rf-law__text--alert' : ''}`} data-testid="rf-law-issued">
        {law.ticketsIssuedValue === null ? (
          <>
            Billets émis : {law.ticketsIssued.toLocaleString('fr-FR')}, prix du ticket pas encore fixé. Au-delà de{' '}
            {formatEuros(law.accountsThreshold)} de billets émis, joignez aussi les comptes du dernier exercice.
          </>
        ) : issuedOver ? (
          <>
            Billets émis : {law.ticketsIssued.toLocaleString('fr-FR')} tickets pour {formatEuros(law.ticketsIssuedValue)}, plus de{' '}
            {formatEuros(law.accountsThreshold)} : joignez aussi à la demande les comptes du dernier exercice de l'association.
          </>
        ) : (
          <>
            Billets émis : {law.ticketsIssued.toLocaleString('fr-FR')} tickets pour {formatEuros(law.ticketsIssuedValue)}. Au-delà de{' '}
            {formatEuros(law.accountsThreshold)}, la demande comporterait aussi les comptes du dernier exercice.
          </>
        )}
      </p>
      <p className="rf-legal">Code de la sécurité intérieure, art. L322-1 à L322-3. Ces indications ne bloquent rien.</p>
    </section>
  );
}
