/**
 * The raffle drawing (administration): close the sales (the commitment is published), run the
 * drawing once, see the winners with their contact details, and the proof.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type DrawingAnswer } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { DrawingResults } from './DrawingResults';
import { ProofPanel } from './ProofPanel';
import { useRaffleName } from '../components/useRaffleName';

export const RESULTS_LOAD_ERROR = 'Erreur lors du chargement des résultats.';

export function DrawingPage() {
  const raffleId = Number(useParams().raffleId);
  const raffleName = useRaffleName(raffleId);
  const [answer, setAnswer] = useState<DrawingAnswer | null>(null);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    raffleApi
      .getDrawing(raffleId)
      .then(setAnswer, (error: unknown) => setFlash({ tone: 'error', text: RESULTS_LOAD_ERROR, detail: detailOf(error) }));
  }, [raffleId]);

  const act = async (work: () => Promise<DrawingAnswer>, success: string, failure: string) => {
    setBusy(true);
    setFlash(null);
    try {
      setAnswer(await work());
      setFlash({ tone: 'success', text: success });
    } catch (error) {
      setFlash({ tone: 'error', text: failure, detail: detailOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const handleClose = () => {
    if (!window.confirm('Clôturer la vente des tickets ? Plus aucun ticket ne pourra être vendu pour cette tombola.')) return;
    void act(
      () => raffleApi.closeSales(raffleId),
      "Vente close : l'engagement du tirage est publié.",
      'Erreur lors de la clôture de la vente',
    );
  };

  const handleDraw = () => {
    if (!window.confirm('Lancer le tirage au sort ? Il ne pourra pas être refait.')) return;
    void act(() => raffleApi.runDrawing(raffleId), 'Tirage au sort effectué.', 'Erreur lors du tirage au sort');
  };

  const state = answer?.drawing?.state;
  return (
    <>
      <Breadcrumbs items={[{ label: raffleName, to: `/tombola/${raffleId}` }, { label: 'Tirage au sort' }]} />
      <section className="k-card">
        <div className="k-page-header rf-title-row">
          <h1>Tirage au sort</h1>
          {state === 'drawn' && (
            <Button className="k-no-print" variant="ghost" onClick={() => window.print()}>
              Imprimer
            </Button>
          )}
        </div>
        <Flash message={flash} />
        {!answer && !flash && <Spinner />}
        {answer && (
          <>
            <ol className="rf-steps k-no-print">
              <li className={state === 'open' ? 'rf-step rf-step--current' : 'rf-step rf-step--done'}>
                <span>1. Clôturer la vente et publier l'engagement</span>
                {state === 'open' && (
                  <Button onClick={handleClose} disabled={busy}>
                    Clôturer la vente
                  </Button>
                )}
              </li>
              <li className={state === 'closed' ? 'rf-step rf-step--current' : state === 'drawn' ? 'rf-step rf-step--done' : 'rf-step'}>
                <span>2. Tirer au sort les gagnants, lot par lot dans l'ordre des rangs</span>
                {state === 'closed' && (
                  <Button onClick={handleDraw} disabled={busy}>
                    Lancer le tirage au sort
                  </Button>
                )}
              </li>
              <li className={state === 'drawn' ? 'rf-step rf-step--done' : 'rf-step'}>
                <span>3. Publier les résultats et la graine</span>
              </li>
            </ol>
            <h2>Résultats</h2>
            <DrawingResults results={answer.data} showContact />
          </>
        )}
      </section>
      {answer?.drawing && <ProofPanel drawing={answer.drawing} />}
    </>
  );
}
