import { useState } from 'react';
import { isStaffRole, ROLE_LABELS, type StaffRoleName } from '@kermesse/contracts-identity/rules';
import { ApiError, Banner, Button, dateTimeFormat, NETWORK_ERROR_MESSAGE } from '@kermesse/ui-kit';
import { teamApi, type OneTimeLink, type Person } from '../../api/identity';
import { LinkToHandOver } from './LinkToHandOver';
import { RoleCheckboxes } from './RoleCheckboxes';

const dateTime = dateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string | null, never: string) => (iso ? dateTime.format(new Date(iso)) : never);

/** One person of the team: roles, state, password reset, passkeys (list, removal, on-behalf link). */
export function PersonCard({ person, isSelf, onChanged }: { person: Person; isSelf: boolean; onChanged(person: Person): void }) {
  const [roles, setRoles] = useState<StaffRoleName[]>(person.roles.filter(isStaffRole));
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [link, setLink] = useState<{ kind: 'reset' | 'passkey'; link: OneTimeLink } | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${person.firstname} ${person.lastname}`.trim() || person.email;
  const rolesChanged = roles.join() !== person.roles.join();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (caught) {
      setMessage({ tone: 'error', text: caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE });
    } finally {
      setBusy(false);
    }
  };

  const handleSaveRoles = () =>
    run(async () => {
      if (roles.length === 0) throw new ApiError(400, 'Choisissez au moins un rôle.');
      onChanged(await teamApi.update(person.id, { roles }));
      setMessage({ tone: 'success', text: 'Rôles enregistrés. La personne se reconnecte pour les utiliser.' });
    });
  const handleToggleDisabled = () =>
    run(async () => {
      if (!person.disabled && !window.confirm(`Désactiver le compte de ${name} ? Ses sessions en cours sont fermées aussitôt.`)) return;
      onChanged(await teamApi.update(person.id, { disabled: !person.disabled }));
      setMessage({ tone: 'success', text: person.disabled ? 'Compte réactivé.' : 'Compte désactivé : ses sessions sont fermées.' });
    });
  const handleReset = () => run(async () => setLink({ kind: 'reset', link: await teamApi.reset(person.id) }));
  const handlePasskeyLink = () => run(async () => setLink({ kind: 'passkey', link: await teamApi.passkeyLink(person.id) }));
  const handleRemovePasskey = (passkeyId: string, passkeyName: string) =>
    run(async () => {
      if (!window.confirm(`Retirer la clé d'accès « ${passkeyName} » ?`)) return;
      await teamApi.removePasskey(person.id, passkeyId);
      onChanged({ ...person, passkeys: person.passkeys.filter((p) => p.id !== passkeyId) });
      setMessage({ tone: 'success', text: "Clé d'accès retirée." });
    });

  const prefix = `person-${person.id}`;
  return (
    <article className="k-card shell-person" aria-labelledby={`${prefix}-name`} data-email={person.email}>
      <header className="shell-person__header">
        <h2 id={`${prefix}-name`}>{name}</h2>
        <span className={person.disabled ? 'shell-tag shell-tag--off' : 'shell-tag'}>{person.disabled ? 'Désactivé' : 'Actif'}</span>
      </header>
      <p className="shell-person__meta">
        {person.email}
        <br />
        Rôles : {person.roles.map((r) => ROLE_LABELS[r]).join(', ')}
        <br />
        Dernière connexion : {when(person.lastSignInAt, 'jamais')}
      </p>
      <RoleCheckboxes idPrefix={`${prefix}-role`} value={roles} onChange={setRoles} />
      <div className="shell-actions">
        <Button variant="secondary" disabled={busy || !rolesChanged} onClick={handleSaveRoles}>
          Enregistrer les rôles
        </Button>
        <Button variant="secondary" disabled={busy} onClick={handleReset}>
          Réinitialiser le mot de passe
        </Button>
        {!isSelf && (
          <Button variant={person.disabled ? 'secondary' : 'danger'} disabled={busy} onClick={handleToggleDisabled}>
            {person.disabled ? 'Réactiver' : 'Désactiver'}
          </Button>
        )}
      </div>
      {/* Named after the person: every card has this region, and a screen reader lists them by name. */}
      <section aria-label={`Clés d'accès de ${name}`}>
        <h3>Clés d'accès</h3>
        {person.passkeys.length === 0 ? (
          <p className="shell-hint">Aucune clé d'accès.</p>
        ) : (
          <ul className="shell-passkeys">
            {person.passkeys.map((p) => (
              <li key={p.id}>
                <span>
                  <strong>{p.name}</strong> — ajoutée le {when(p.createdAt, '')}, dernière utilisation : {when(p.lastUsedAt, 'jamais')}
                </span>
                <Button
                  variant="ghost"
                  disabled={busy}
                  onClick={() => handleRemovePasskey(p.id, p.name)}
                  aria-label={`Retirer la clé d'accès ${p.name} de ${name}`}
                >
                  Retirer
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button variant="secondary" disabled={busy || person.disabled} onClick={handlePasskeyLink}>
          Ajouter une clé d'accès pour cette personne
        </Button>
      </section>
      {link && (
        <LinkToHandOver
          id={`${prefix}-link`}
          label={
            link.kind === 'reset' ? `Lien de réinitialisation pour ${name}` : `Lien pour créer la clé d'accès sur l'appareil de ${name}`
          }
          link={link.link}
        />
      )}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
    </article>
  );
}
