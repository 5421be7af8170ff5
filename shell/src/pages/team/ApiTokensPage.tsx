import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_STATE_LABELS,
  ROLE_LABELS,
  type ApiTokenState,
  type StaffRoleName,
} from '@kermesse/contracts-identity/rules';
import {
  ApiError,
  Banner,
  Button,
  ErrorLine,
  Field,
  formatDate,
  formatTime,
  NETWORK_ERROR_MESSAGE,
  RequireRole,
  Spinner,
  TextInput,
  useResource,
} from '@kermesse/ui-kit';
import { apiTokensApi, type ApiTokenAnswer, type CreatedApiTokenAnswer } from '../../api/identity';
import { RoleCheckboxes } from './RoleCheckboxes';

const STATE_BADGES: Record<ApiTokenState, string> = { active: 'k-badge--on', expired: 'k-badge--warn', revoked: 'k-badge--alert' };

const messageOf = (caught: unknown) => (caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
const when = (iso: string) => `${formatDate(iso)} à ${formatTime(new Date(iso))}`;

/**
 * « Jetons pour les outils » (admins, docs/api-tokens.md): a named token for a script or another
 * tool, with chosen roles and an expiry, shown once; its last use; « Révoquer ».
 */
export function ApiTokensPage() {
  return (
    <RequireRole
      roles={['admin']}
      title="Jetons pour les outils"
      denied="Cette page est réservée aux administrateurs."
      signIn="Connectez-vous avec un compte administrateur pour gérer les jetons des outils."
      className="k-notice"
    >
      <ApiTokens />
    </RequireRole>
  );
}

function ApiTokens() {
  const tokens = useResource(() => apiTokensApi.list(), []);
  const [created, setCreated] = useState<CreatedApiTokenAnswer | null>(null);
  const error = tokens.error ? messageOf(tokens.error) : null;

  const handleCreated = (token: CreatedApiTokenAnswer) => {
    setCreated(token);
    const { token: _secret, ...plain } = token;
    tokens.setData((list) => [plain, ...(list ?? [])]);
  };
  const handleRevoked = (token: ApiTokenAnswer) => tokens.setData((list) => list?.map((t) => (t.id === token.id ? token : t)));

  return (
    <section className="shell-page">
      <p>
        <Link to="/equipe">← Équipe</Link>
      </p>
      <div className="shell-page__title">
        <h1>Jetons pour les outils</h1>
      </div>
      <p className="shell-hint">
        Un script, un tableur ou un autre logiciel de l'association appelle l'API de Kermesse avec un jeton à son nom : il agit avec les
        rôles choisis, jusqu'à sa date d'expiration ou sa révocation.
      </p>
      <NewApiTokenForm onCreated={handleCreated} />
      {created && (
        <div className="k-card shell-form">
          <Banner tone="success">Jeton « {created.name} » créé. Copiez-le maintenant : il ne sera plus affiché.</Banner>
          <Field label={`Jeton de « ${created.name} »`} htmlFor="api-token-created">
            <textarea
              id="api-token-created"
              className="k-input shell-token"
              readOnly
              rows={4}
              value={created.token}
              onFocus={(e) => e.target.select()}
            />
          </Field>
        </div>
      )}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!tokens.data && !error && <Spinner />}
      {tokens.data?.length === 0 && <p>Aucun jeton pour l'instant.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <div className="k-table-wrap">
          <table className="k-table k-table--stack">
            <caption className="k-visually-hidden">Jetons pour les outils</caption>
            <thead>
              <tr>
                <th>Nom</th>
                <th>Rôles</th>
                <th>Expire le</th>
                <th>Dernière utilisation</th>
                <th>État</th>
                <th>
                  <span className="k-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <ApiTokenRow key={token.id} token={token} onRevoked={handleRevoked} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function NewApiTokenForm({ onCreated }: { onCreated(token: CreatedApiTokenAnswer): void }) {
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<StaffRoleName[]>([]);
  const [days, setDays] = useState('90');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Donnez un nom au jeton (par exemple « Tableur du trésorier »).');
    if (roles.length === 0) return setError('Choisissez au moins un rôle.');
    const expiresInDays = Number(days);
    if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > API_TOKEN_MAX_DAYS)
      return setError(`La durée de validité va de 1 à ${API_TOKEN_MAX_DAYS} jours.`);
    setSubmitting(true);
    try {
      onCreated(await apiTokensApi.create({ name: name.trim(), roles, expiresInDays }));
      setName('');
      setRoles([]);
      setDays('90');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="k-card shell-form" onSubmit={handleSubmit} aria-labelledby="new-api-token-title">
      <h2 id="new-api-token-title">Nouveau jeton</h2>
      <div className="shell-form__row">
        <Field label="Nom de l'outil" htmlFor="api-token-name">
          <TextInput id="api-token-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" />
        </Field>
        <Field label="Valable (jours)" htmlFor="api-token-days">
          <TextInput
            id="api-token-days"
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value.replace(/\D/g, ''))}
            maxLength={3}
            autoComplete="off"
          />
        </Field>
      </div>
      <RoleCheckboxes idPrefix="api-token-role" value={roles} onChange={setRoles} />
      {error && <ErrorLine>{error}</ErrorLine>}
      <div className="k-actions">
        <Button type="submit" disabled={submitting}>
          Créer le jeton
        </Button>
      </div>
    </form>
  );
}

function ApiTokenRow({ token, onRevoked }: { token: ApiTokenAnswer; onRevoked(token: ApiTokenAnswer): void }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleRevoke = async () => {
    try {
      onRevoked(await apiTokensApi.revoke(token.id));
      setConfirming(false);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <tr>
      <td>
        {token.name}
        <span className="k-muted"> (créé par {token.createdBy})</span>
      </td>
      <td>{token.roles.map((role) => ROLE_LABELS[role]).join(', ')}</td>
      <td>{formatDate(token.expiresAt)}</td>
      <td>{token.lastUsedAt ? when(token.lastUsedAt) : 'Jamais'}</td>
      <td>
        <span className={`k-badge ${STATE_BADGES[token.state]}`}>{API_TOKEN_STATE_LABELS[token.state]}</span>
      </td>
      <td className="k-table__actions">
        {token.state === 'active' &&
          (confirming ? (
            <span className="k-row-actions">
              <Button variant="danger" onClick={() => void handleRevoke()}>
                Confirmer la révocation de « {token.name} »
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Annuler
              </Button>
            </span>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Révoquer : ${token.name}`}>
              Révoquer
            </Button>
          ))}
        {error && <ErrorLine>{error}</ErrorLine>}
      </td>
    </tr>
  );
}
