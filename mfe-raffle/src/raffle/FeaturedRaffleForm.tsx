/**
 * « Tombola à l'affiche »: the raffle the pre-sale page, the home banner and the public results
 * show, and the banner's words, chosen by the administrator (the service keeps the choice).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Field, Spinner, TextInput } from '@kermesse/ui-kit';
import { raffleApi, type FeaturedSettings, type RaffleSummary } from '../api/raffleApi';
import { detailOf, Flash, type FlashMessage } from '../components/Flash';

export const FEATURED_MESSAGES = {
  saved: 'Choix enregistré : la page de prévente, la bannière et les résultats publics le suivent.',
  saveError: "Erreur lors de l'enregistrement des données",
  loadError: 'Erreur lors du chargement des données',
  titleRequired: "Le titre de la bannière est requis pour l'afficher sur la page d'accueil.",
  raffleRequired: 'Choisissez la tombola que la bannière annonce.',
} as const;

export function FeaturedRaffleForm({ raffles }: { raffles: RaffleSummary[] }) {
  const [settings, setSettings] = useState<FeaturedSettings | null>(null);
  const [raffleId, setRaffleId] = useState('');
  const [shown, setShown] = useState(false);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const ids = { raffle: useId(), shown: useId(), title: useId(), text: useId() };

  useEffect(() => {
    raffleApi.getFeatured().then(
      (answer) => {
        setSettings(answer);
        setRaffleId(answer.raffleId === null ? '' : String(answer.raffleId));
        setShown(answer.bannerShown);
        setTitle(answer.bannerTitle);
        setText(answer.bannerText);
      },
      (error: unknown) => setFlash({ tone: 'error', text: FEATURED_MESSAGES.loadError, detail: detailOf(error) }),
    );
  }, []);

  // Another raffle chosen: a title that was empty or named the previous raffle is suggested anew
  // for the new one (the admin may change it); a title of the admin's own is kept.
  const handleRaffleChange = (value: string) => {
    const previous = raffles.find((r) => String(r.id) === raffleId);
    setRaffleId(value);
    const raffle = raffles.find((r) => String(r.id) === value);
    if (raffle && (!title.trim() || (previous && title.includes(previous.name)))) setTitle(`${raffle.name} : la prévente est ouverte !`);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (shown && !raffleId) return setFlash({ tone: 'error', text: FEATURED_MESSAGES.raffleRequired });
    if (shown && !title.trim()) return setFlash({ tone: 'error', text: FEATURED_MESSAGES.titleRequired });
    setSaving(true);
    setFlash(null);
    try {
      const answer = await raffleApi.saveFeatured({
        raffleId: raffleId ? Number(raffleId) : null,
        bannerShown: shown,
        bannerTitle: title,
        bannerText: text,
      });
      setSettings(answer);
      setFlash({ tone: 'success', text: FEATURED_MESSAGES.saved });
    } catch (error) {
      setFlash({ tone: 'error', text: FEATURED_MESSAGES.saveError, detail: detailOf(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="k-card" aria-labelledby="rf-featured-title">
      <h2 id="rf-featured-title">Tombola à l'affiche</h2>
      <p className="k-muted">
        La tombola que montrent la page de prévente, la bannière de la page d'accueil et les résultats publics du tirage.
      </p>
      {settings === null && !flash ? (
        <Spinner />
      ) : (
        <form className="rf-featured-form" onSubmit={handleSubmit} noValidate>
          <Field label="Tombola montrée au public" htmlFor={ids.raffle}>
            <select id={ids.raffle} className="k-select" value={raffleId} onChange={(e) => handleRaffleChange(e.target.value)}>
              <option value="">Aucune : la dernière tombola en vente</option>
              {raffles.map((raffle) => (
                <option key={raffle.id} value={String(raffle.id)}>
                  {raffle.name}
                  {raffle.eventName ? ` — ${raffle.eventName}` : ''}
                </option>
              ))}
            </select>
          </Field>
          <label className="k-check" htmlFor={ids.shown}>
            <input id={ids.shown} type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} /> Afficher la bannière sur
            la page d'accueil
          </label>
          <Field label="Titre de la bannière" htmlFor={ids.title}>
            <TextInput
              id={ids.title}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={150}
              placeholder="Grande tombola : la prévente est ouverte !"
            />
          </Field>
          <Field label="Texte de la bannière" htmlFor={ids.text}>
            <textarea
              id={ids.text}
              className="k-input k-textarea"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={1000}
            />
          </Field>
          <p className="k-muted">
            Ces mots annoncent la prévente. Une fois la vente close, la bannière annonce le tirage à venir, puis, après le tirage, elle mène
            aux résultats.
          </p>
          <Flash message={flash} />
          <div className="k-actions k-actions--roomy rf-actions">
            <Button type="submit" disabled={saving}>
              Enregistrer
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
