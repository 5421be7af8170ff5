/** Public drawing results (no sign-in): the spec's variant — prize, then winners as first name, last name and number. */
import { useEffect, useState } from 'react';
import { ErrorLine, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type DrawingAnswer } from '../api/raffleApi';
import { DrawingResultsVariant } from './DrawingResults';
import { RESULTS_LOAD_ERROR } from './DrawingPage';
import { ProofPanel } from './ProofPanel';

export function PublicResultsPage() {
  const [answer, setAnswer] = useState<DrawingAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    raffleApi.getPublicResults().then(
      (body) => {
        if (body.success) setAnswer(body);
        else setFailed(true);
      },
      () => setFailed(true),
    );
  }, []);

  return (
    <>
      <section className="k-card">
        <h1>Résultats du tirage au sort</h1>
        {answer?.raffle && answer.raffle.drawnAt && (
          <p className="rf-lead">
            {answer.raffle.name}
            {answer.raffle.eventName ? ` — ${answer.raffle.eventName}` : ''}, tirage du{' '}
            {new Date(answer.raffle.drawnAt).toLocaleDateString('fr-FR', { dateStyle: 'long' })}
          </p>
        )}
        {failed && <ErrorLine>{RESULTS_LOAD_ERROR}</ErrorLine>}
        {!failed && !answer && <Spinner />}
        {answer && <DrawingResultsVariant results={answer.data} />}
        {answer && answer.data.length > 0 && (
          <p className="k-muted">Les gagnants retirent leur lot sur présentation de leur ticket au stand de la tombola.</p>
        )}
      </section>
      {answer?.drawing && <ProofPanel drawing={answer.drawing} />}
    </>
  );
}
