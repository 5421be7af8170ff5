import { useState, type FormEvent } from 'react';
import { IDENTITY_ERRORS, passwordProblem, slugProblemCode } from '@kermesse/contracts-identity/rules';
import { ApiError, Button, ErrorLine, Field, NETWORK_ERROR_MESSAGE, TextInput, useResource } from '@kermesse/ui-kit';
import { hostApi, type CreatedHostedAssociation } from '../../api/identity';

/** A slug proposed from the name: « APEL Jules-Ferry » → « apel-jules-ferry ». */
export function slugFrom(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

type ErrorField = 'slug' | 'password' | 'form';

/** « Créer une association »: its name and address, and its first administrator. */
export function NewAssociationForm({ onCreated, onCancel }: { onCreated(answer: CreatedHostedAssociation): void; onCancel(): void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: ErrorField; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Where the association will be served (the installation's domain, not the console's address).
  const side = useResource(() => hostApi.whoami(), []);
  const address = (side.data?.associationAddress ?? `{slug}.${window.location.host}`).replace(/^https?:\/\//, '');

  const handleName = (value: string) => {
    setName(value);
    if (!slugTouched) setSlug(slugFrom(value));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const slugProblem = slugProblemCode(slug);
    if (slugProblem) return setError({ field: 'slug', message: IDENTITY_ERRORS[slugProblem] });
    const problem = password ? passwordProblem(password, [email, firstname, lastname]) : null;
    if (problem) return setError({ field: 'password', message: problem });
    setSubmitting(true);
    try {
      onCreated(await hostApi.create({ name, slug, admin: { email, firstname, lastname, ...(password ? { password } : {}) } }));
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE;
      const field: ErrorField = /adresse de l’association|adresse est réservée|utilise déjà cette adresse/.test(message)
        ? 'slug'
        : /mot de passe/i.test(message)
          ? 'password'
          : 'form';
      setError({ field, message });
    } finally {
      setSubmitting(false);
    }
  };

  const describedBy = (field: ErrorField, hint?: string) =>
    [hint, error?.field === field ? 'new-association-error' : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form className="k-card shell-form" id="form-new-association" onSubmit={handleSubmit} aria-labelledby="new-association-title">
      <h2 id="new-association-title">Créer une association</h2>
      <Field label="Nom de l’association" htmlFor="new-association-name">
        <TextInput id="new-association-name" required autoComplete="off" value={name} onChange={(e) => handleName(e.target.value)} />
      </Field>
      <Field label="Adresse" htmlFor="new-association-slug">
        <TextInput
          id="new-association-slug"
          required
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          value={slug}
          onChange={(e) => {
            setSlugTouched(true);
            setSlug(e.target.value.trim().toLowerCase());
          }}
          aria-describedby={describedBy('slug', 'new-association-slug-hint')}
          aria-invalid={error?.field === 'slug' || undefined}
        />
      </Field>
      <p className="shell-hint" id="new-association-slug-hint">
        L’association sera servie à l’adresse <strong>{address.replace('{slug}', slug || 'nom')}</strong> : 3 à 40 lettres minuscules,
        chiffres et tirets.
      </p>
      <h3>Son premier administrateur</h3>
      <div className="shell-form__row">
        <Field label="Prénom" htmlFor="new-association-firstname">
          <TextInput
            id="new-association-firstname"
            required
            autoComplete="off"
            value={firstname}
            onChange={(e) => setFirstname(e.target.value)}
          />
        </Field>
        <Field label="Nom" htmlFor="new-association-lastname">
          <TextInput
            id="new-association-lastname"
            required
            autoComplete="off"
            value={lastname}
            onChange={(e) => setLastname(e.target.value)}
          />
        </Field>
      </div>
      <Field label="Adresse e-mail" htmlFor="new-association-email">
        <TextInput
          id="new-association-email"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field label="Mot de passe (facultatif)" htmlFor="new-association-password">
        <TextInput
          id="new-association-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={describedBy('password', 'new-association-password-hint')}
          aria-invalid={error?.field === 'password' || undefined}
        />
      </Field>
      <p className="shell-hint" id="new-association-password-hint">
        Laissez vide : un lien à usage unique, valable 48 h, permettra à l’administrateur de choisir le sien.
      </p>
      {error && <ErrorLine id="new-association-error">{error.message}</ErrorLine>}
      <div className="shell-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Création en cours...' : 'Créer l’association'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
