/**
 * The prize illustration page (the spec `/admin-prize/{id}/edit/image`, mounted at
 * `/tombola/admin-prize/{id}/edit/image`): the current image and an upload (PNG, JPEG, GIF or WebP,
 * 2 MB at most; the service checks the content, not the name).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Spinner } from '@kermesse/ui-kit';
import { raffleApi, type Prize } from '../api/raffleApi';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';
import { useRaffleName } from '../components/useRaffleName';

export function PrizeIllustrationPage() {
  const prizeId = Number(useParams().prizeId);
  const [prize, setPrize] = useState<Prize | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const inputId = useId();
  const raffleName = useRaffleName(prize?.raffleId ?? 0);

  useEffect(() => {
    raffleApi
      .getPrize(prizeId)
      .then(setPrize, (error: unknown) =>
        setFlash({ tone: 'error', text: 'Erreur lors de la récupération des prix.', detail: detailOf(error) }),
      );
  }, [prizeId]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFlash({ tone: 'error', text: 'Veuillez sélectionner une image.' });
      return;
    }
    setSending(true);
    setFlash(null);
    try {
      setPrize(await raffleApi.uploadIllustration(prizeId, file));
      setFlash({ tone: 'success', text: 'Illustration enregistrée.' });
    } catch (error) {
      setFlash({ tone: 'error', text: "Erreur lors de l'enregistrement de l'illustration", detail: detailOf(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Breadcrumbs
        items={[
          ...(prize
            ? [
                { label: raffleName, to: `/tombola/${prize.raffleId}` },
                { label: 'Lots', to: `/tombola/${prize.raffleId}/lots` },
              ]
            : []),
          { label: 'Illustration' },
        ]}
      />
      <section className="k-card rf-illustration">
        <h1>{prize ? `Illustration du lot « ${prize.name} »` : 'Illustration du lot'}</h1>
        <Flash message={flash} />
        {!prize && !flash && <Spinner />}
        {prize && (
          <div className="rf-illustration__body">
            <figure className="rf-illustration__current">
              {prize.image ? (
                <img src={prize.image} alt={`Illustration actuelle : ${prize.name}`} />
              ) : (
                <div className="rf-illustration__none">Pas encore d'illustration</div>
              )}
            </figure>
            <form onSubmit={handleSubmit}>
              <p className="k-field__label">{prize.illustration ? 'Nouvelle image' : 'Image'}</p>
              <div className="rf-file">
                <input
                  id={inputId}
                  className="k-visually-hidden"
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
                <label htmlFor={inputId} className="k-button k-button--secondary">
                  Choisir une image
                </label>
                <span className="k-muted">{file ? file.name : 'Aucun fichier choisi'}</span>
              </div>
              <p className="k-muted">Formats acceptés : PNG, JPEG, GIF ou WebP, 2 Mo au plus.</p>
              <div className="k-actions k-actions--roomy rf-actions">
                <Button type="submit" disabled={sending}>
                  {prize.illustration ? "Modifier l'illustration" : 'Ajouter une illustration'}
                </Button>
                <Link className="k-button k-button--ghost" to={`/tombola/${prize.raffleId}/lots`}>
                  Retour aux lots
                </Link>
              </div>
            </form>
          </div>
        )}
      </section>
    </>
  );
}
