import { useState, type FormEvent } from 'react';
import { passwordProblem, type StaffRoleName } from '@kermesse/contracts-identity/rules';
import { ApiError, Button, ErrorLine, Field, NETWORK_ERROR_MESSAGE, TextInput } from '@kermesse/ui-kit';
import { teamApi, type CreatedPerson } from '../../api/identity';
import { RoleCheckboxes } from './RoleCheckboxes';

/** « Ajouter une personne »: names, e-mail, roles, and a password or, by default, a one-time link. */
export function NewPersonForm({ onCreated, onCancel }: { onCreated(person: CreatedPerson): void; onCancel(): void }) {
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRoleName[]>(['volunteer']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'roles' | 'password' | 'form'; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (roles.length === 0) return setError({ field: 'roles', message: 'Choisissez au moins un rôle.' });
    const problem = password ? passwordProblem(password, [email, firstname, lastname]) : null;
    if (problem) return setError({ field: 'password', message: problem });
    setSubmitting(true);
    try {
      const person = await teamApi.create({ email, firstname, lastname, roles, ...(password ? { password } : {}) });
      onCreated(person);
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE;
      setError({ field: /mot de passe/i.test(message) ? 'password' : 'form', message });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="k-card shell-form" id="form-new-person" onSubmit={handleSubmit} aria-labelledby="new-person-title">
      <h2 id="new-person-title">Ajouter une personne</h2>
      <div className="shell-form__row">
        <Field label="Prénom" htmlFor="new-person-firstname">
          <TextInput
            id="new-person-firstname"
            required
            autoComplete="off"
            value={firstname}
            onChange={(e) => setFirstname(e.target.value)}
          />
        </Field>
        <Field label="Nom" htmlFor="new-person-lastname">
          <TextInput id="new-person-lastname" required autoComplete="off" value={lastname} onChange={(e) => setLastname(e.target.value)} />
        </Field>
      </div>
      <Field label="Adresse e-mail" htmlFor="new-person-email">
        <TextInput
          id="new-person-email"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <RoleCheckboxes
        idPrefix="new-person-role"
        value={roles}
        onChange={setRoles}
        describedBy={error?.field === 'roles' ? 'new-person-error' : undefined}
      />
      <Field label="Mot de passe (facultatif)" htmlFor="new-person-password">
        <TextInput
          id="new-person-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={error?.field === 'password' ? 'new-person-password-hint new-person-error' : 'new-person-password-hint'}
          aria-invalid={error?.field === 'password' || undefined}
        />
      </Field>
      <p className="shell-hint" id="new-person-password-hint">
        Au moins 12 caractères. Laissez vide : un lien à usage unique, valable 48 h, permettra à la personne de choisir le sien.
      </p>
      {error && <ErrorLine id="new-person-error">{error.message}</ErrorLine>}
      <div className="shell-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Création en cours...' : 'Créer le compte'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
