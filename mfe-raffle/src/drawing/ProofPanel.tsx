/**
 * The verifiable drawing, explained and checkable: the commitment published when sales closed, the
 * hash of the sold tickets, the seed revealed after the drawing, the proof to download, the
 * command-line check, and a check run right here in the browser.
 */
import { useState } from 'react';
import { Button } from '@kermesse/ui-kit';
import { raffleApi, type DrawingState } from '../api/raffleApi';
import { verifyDrawing, type BrowserVerification } from './verifyInBrowser';

const fmt = (iso: string | null) => (iso ? new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' }) : '');

export function ProofPanel({ drawing }: { drawing: DrawingState }) {
  const [report, setReport] = useState<BrowserVerification | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!drawing.commitment) {
    return (
      <section className="k-card rf-proof">
        <h2>Tirage vérifiable</h2>
        <p>
          À la clôture de la vente, Kermesse publie l'empreinte SHA-256 d'une graine secrète de 256 bits et celle de la
          liste des tickets vendus. Les gagnants en découlent ensuite sans aucun choix possible, et la graine est révélée
          après le tirage pour que chacun puisse refaire le calcul.
        </p>
      </section>
    );
  }

  const handleVerify = async () => {
    setChecking(true);
    setFailure(null);
    try {
      setReport(await verifyDrawing((await raffleApi.getProof(drawing.raffleId)).data));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Vérification impossible.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="k-card rf-proof" aria-labelledby="rf-proof-title">
      <h2 id="rf-proof-title">Tirage vérifiable</h2>
      <dl className="rf-proof__values">
        <dt>Engagement publié le {fmt(drawing.salesClosedAt)} (SHA-256 de la graine)</dt>
        <dd><code>{drawing.commitment}</code></dd>
        <dt>Empreinte des {drawing.ticketsCount} tickets vendus (SHA-256 de la liste triée)</dt>
        <dd><code>{drawing.ticketsHash}</code></dd>
        <dt>Graine révélée{drawing.drawnAt ? ` le ${fmt(drawing.drawnAt)}` : ''}</dt>
        <dd>{drawing.seed ? <code>{drawing.seed}</code> : <span className="rf-muted">Secrète jusqu'au tirage.</span>}</dd>
      </dl>
      <p>
        <a href={drawing.proofUrl} target="_blank" rel="noopener noreferrer">Télécharger la preuve du tirage (JSON)</a> — puis,
        avec Node.js : <code>npx tsx services/raffle/src/verify-drawing.ts preuve.json</code>
      </p>
      {drawing.seed && (
        <div className="rf-actions">
          <Button variant="secondary" onClick={handleVerify} disabled={checking}>Vérifier le tirage dans ce navigateur</Button>
        </div>
      )}
      {failure && <p className="k-error-line">{failure}</p>}
      {report && (
        <ul className="rf-checks" aria-label="Résultat de la vérification">
          {report.checks.map((check) => (
            <li key={check.label} className={check.ok ? 'rf-check--ok' : 'rf-check--ko'}>
              <span aria-hidden="true">{check.ok ? '✔' : '✘'}</span> {check.label}
            </li>
          ))}
          <li className={report.ok ? 'rf-check--ok' : 'rf-check--ko'}>
            <strong>{report.ok ? 'Vérification réussie : le tirage est conforme à l’engagement publié.' : 'Vérification échouée.'}</strong>
          </li>
        </ul>
      )}
    </section>
  );
}
