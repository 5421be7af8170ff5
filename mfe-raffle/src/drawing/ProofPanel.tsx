/**
 * The verifiable drawing, explained and checkable: the commitment published when sales closed, the
 * hash of the sold tickets, the seed revealed after the drawing, the proof to download, how anyone
 * checks the drawing (in plain French — the command line is for developers, in the service's
 * README), and a check run right here in the browser.
 */
import { useState } from 'react';
import { Button } from '@kermesse/ui-kit';
import { raffleApi, type DrawingState } from '../api/raffleApi';
import { verifyDrawing, type BrowserVerification } from './verifyInBrowser';

const fmt = (iso: string | null) => (iso ? new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' }) : '');

/** « Empreinte du ticket vendu », « Empreinte des 12 tickets vendus » (French agreement). */
export function ticketsHashLabel(count: number | null): string {
  if (count === null || count === 0) return 'Empreinte de la liste des tickets vendus';
  return count === 1 ? 'Empreinte du ticket vendu' : `Empreinte des ${count.toLocaleString('fr-FR')} tickets vendus`;
}

/** How a visitor checks the drawing, without any technical tool. */
function HowToCheck({ drawn }: { drawn: boolean }) {
  return (
    <div className="rf-proof__how">
      <h3>Comment vérifier le tirage ?</h3>
      <ol>
        <li>
          À la clôture de la vente, avant le tirage, Kermesse a publié ci-dessus l'empreinte d'un nombre secret tiré au hasard (la graine)
          et celle de la liste des tickets vendus. Une empreinte ne permet pas de retrouver la graine, mais aucune autre graine ne donnerait
          la même : plus rien ne pouvait être changé.
        </li>
        <li>
          Après le tirage, la graine est révélée. Les gagnants découlent de la graine et de la liste des tickets par un calcul fixé à
          l'avance, sans aucun choix possible.
        </li>
        <li>
          {drawn
            ? "Le bouton « Vérifier le tirage dans ce navigateur » refait tout le calcul sur votre appareil, sans rien envoyer : il contrôle la graine, la liste des tickets et chaque gagnant. Vous pouvez aussi télécharger la preuve du tirage et la confier à une personne de confiance pour qu'elle refasse le calcul."
            : 'Une fois le tirage effectué, un bouton permettra de refaire tout le calcul sur votre appareil.'}
        </li>
      </ol>
    </div>
  );
}

export function ProofPanel({ drawing }: { drawing: DrawingState }) {
  const [report, setReport] = useState<BrowserVerification | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!drawing.commitment) {
    return (
      <section className="k-card rf-proof">
        <h2>Tirage vérifiable</h2>
        <p>
          À la clôture de la vente, Kermesse publie l'empreinte SHA-256 d'une graine secrète de 256 bits et celle de la liste des tickets
          vendus. Les gagnants en découlent ensuite sans aucun choix possible, et la graine est révélée après le tirage pour que chacun
          puisse refaire le calcul.
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
        <dd>
          <code>{drawing.commitment}</code>
        </dd>
        <dt>{ticketsHashLabel(drawing.ticketsCount)} (SHA-256 de la liste triée)</dt>
        <dd>
          <code>{drawing.ticketsHash}</code>
        </dd>
        <dt>Graine révélée{drawing.drawnAt ? ` le ${fmt(drawing.drawnAt)}` : ''}</dt>
        <dd>{drawing.seed ? <code>{drawing.seed}</code> : <span className="k-muted">Secrète jusqu'au tirage.</span>}</dd>
      </dl>
      <HowToCheck drawn={Boolean(drawing.seed)} />
      <p>
        <a href={drawing.proofUrl} target="_blank" rel="noopener noreferrer">
          Télécharger la preuve du tirage
        </a>
      </p>
      {drawing.seed && (
        <div className="k-actions k-actions--roomy rf-actions">
          <Button variant="secondary" onClick={handleVerify} disabled={checking}>
            Vérifier le tirage dans ce navigateur
          </Button>
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
