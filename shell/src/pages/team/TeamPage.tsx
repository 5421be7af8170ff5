import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, Banner, Button, ErrorLine, NETWORK_ERROR_MESSAGE, Spinner, useResource, useSession } from '@kermesse/ui-kit';
import { teamApi, type CreatedPerson, type Person } from '../../api/identity';
import { LinkToHandOver } from './LinkToHandOver';
import { NewPersonForm } from './NewPersonForm';
import { PersonCard } from './PersonCard';

/**
 * « Équipe » (admins): the association's volunteers and their accounts — create, roles, disable,
 * password reset, passkeys.
 */
export function TeamPage() {
  const { user } = useSession();
  const team = useResource(() => teamApi.list(), []);
  const people = team.data ?? null;
  const error = team.error ? (team.error instanceof ApiError ? team.error.message : NETWORK_ERROR_MESSAGE) : null;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedPerson | null>(null);

  const handleCreated = (person: CreatedPerson) => {
    setCreating(false);
    setCreated(person);
    const { setupLink: _link, ...plain } = person;
    team.setData((list) => [...(list ?? []), plain]);
  };
  const handleChanged = (person: Person) => team.setData((list) => list?.map((p) => (p.id === person.id ? person : p)));

  return (
    <section className="shell-page">
      <div className="shell-page__title">
        <h1>Équipe</h1>
        {!creating && (
          <Button
            onClick={() => {
              setCreating(true);
              setCreated(null);
            }}
          >
            Ajouter une personne
          </Button>
        )}
      </div>
      <p className="shell-hint">
        Les comptes des bénévoles : rôles, accès à la caisse, mots de passe et clés d'accès. Pour un script ou un autre logiciel :{' '}
        <Link to="/equipe/jetons">Jetons pour les outils</Link>.
      </p>
      {creating && <NewPersonForm onCreated={handleCreated} onCancel={() => setCreating(false)} />}
      {created && (
        <div className="k-card shell-form">
          <Banner tone="success">
            Compte de {created.firstname} {created.lastname} créé.
          </Banner>
          {created.setupLink && (
            <LinkToHandOver
              id="new-person-link"
              label={`Lien pour que ${created.firstname} choisisse son mot de passe`}
              link={created.setupLink}
            />
          )}
        </div>
      )}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!people && !error && <Spinner />}
      {people && (
        <div className="shell-people">
          {people.map((person) => (
            <PersonCard key={person.id} person={person} isSelf={person.email === user?.email} onChanged={handleChanged} />
          ))}
        </div>
      )}
    </section>
  );
}
