import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner, Button, ErrorLine, Field, Spinner, TextInput } from '@kermesse/ui-kit';
import type { TillLawProfile } from '@kermesse/contracts-register/compliance';
import { TILL_LAW_TEXTS, tillLawApplies } from '@kermesse/contracts-register/tillLaw';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import { messageOf, useLoad } from './useLoad';

const EMPTY: TillLawProfile = { vatLiable: false, onlyCharityEvents: true, eventsPerYear: 1 };

/**
 * « Qui est concerné ? » (docs/compliance/who-is-concerned.md): what the association does, and
 * whether the till law applies to it, why and what follows, in plain French with its texts.
 */
export function WhoIsConcernedPage() {
  const api = useBackOfficeApi();
  const saved = useLoad(() => api.getTillLawProfile(), [api]);
  const [profile, setProfile] = useState<TillLawProfile>(EMPTY);
  const [events, setEvents] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!saved.data?.profile) return;
    setProfile(saved.data.profile);
    setEvents(String(saved.data.profile.eventsPerYear));
  }, [saved.data]);

  const answer = tillLawApplies(profile);
  const set = (change: Partial<TillLawProfile>) => {
    setDone(false);
    setProfile((current) => ({ ...current, ...change }));
  };

  const handleEvents = (value: string) => {
    setEvents(value);
    const n = Number(value);
    if (Number.isInteger(n) && n >= 0 && n <= 366) set({ eventsPerYear: n });
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(events);
    if (!Number.isInteger(n) || n < 0 || n > 366) {
      setError('Indiquez un nombre de manifestations par an entre 0 et 366.');
      return;
    }
    try {
      await api.saveTillLawProfile({ ...profile, eventsPerYear: n });
      setError(null);
      setDone(true);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section className="bo-page">
      <p>
        <Link to=".." relative="path">
          ← Conformité de la caisse
        </Link>
      </p>
      <h1>Qui est concerné par la loi sur les logiciels de caisse ?</h1>
      {saved.loading && !saved.data && <Spinner label="Chargement de vos réponses…" />}
      <form className="k-card bo-card k-form" onSubmit={handleSubmit}>
        <fieldset className="bo-fieldset">
          <legend>Votre association est-elle assujettie à la TVA ?</legend>
          <label className="k-check">
            <input type="radio" name="vat" checked={profile.vatLiable} onChange={() => set({ vatLiable: true })} /> Oui
          </label>
          <label className="k-check">
            <input type="radio" name="vat" checked={!profile.vatLiable} onChange={() => set({ vatLiable: false })} /> Non (gestion
            désintéressée, activités exonérées)
          </label>
        </fieldset>
        <fieldset className="bo-fieldset">
          <legend>Qu'enregistrez-vous dans la caisse ?</legend>
          <label className="k-check">
            <input type="radio" name="activity" checked={profile.onlyCharityEvents} onChange={() => set({ onlyCharityEvents: true })} />{' '}
            Seulement des manifestations de bienfaisance ou de soutien exonérées (fête, kermesse, loto, tombola)
          </label>
          <label className="k-check">
            <input type="radio" name="activity" checked={!profile.onlyCharityEvents} onChange={() => set({ onlyCharityEvents: false })} />{' '}
            Aussi une activité permanente (buvette ouverte toute l'année, boutique…)
          </label>
        </fieldset>
        <Field label="Combien de manifestations de ce type par an ?" htmlFor="events-per-year">
          <TextInput id="events-per-year" inputMode="numeric" value={events} onChange={(e) => handleEvents(e.target.value)} maxLength={3} />
        </Field>
        {error && <ErrorLine>{error}</ErrorLine>}
        {done && <Banner tone="success">Vos réponses sont enregistrées.</Banner>}
        <Button type="submit">Enregistrer mes réponses</Button>
      </form>
      <div className="k-card bo-card" aria-live="polite">
        <h2>{answer.title}</h2>
        <p>{answer.why}</p>
        <ul>
          {answer.then.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3>Les textes</h3>
        <ul>
          {TILL_LAW_TEXTS.map((text) => (
            <li key={text.name}>
              <strong>{text.name}</strong> : {text.says}
            </li>
          ))}
        </ul>
        <p className="bo-muted">
          Cette page vous aide à vous situer ; elle ne remplace pas l'avis de votre service des impôts des entreprises. Kermesse ne détient
          aucune certification.
        </p>
      </div>
    </section>
  );
}
