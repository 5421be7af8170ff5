import { useState } from 'react';
import {
  ApiError,
  Banner,
  Button,
  ErrorLine,
  NETWORK_ERROR_MESSAGE,
  RequireRole,
  Spinner,
  dateTimeFormat,
  useResource,
} from '@kermesse/ui-kit';
import { hostApi, type CreatedHostedAssociation, type HostedAssociation } from '../../api/identity';
import { LinkToHandOver } from '../team/LinkToHandOver';
import { LimitsForm } from './LimitsForm';
import { NewAssociationForm } from './NewAssociationForm';

const dateTime = dateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** Bytes as people read them (« 0 o », « 12,4 Mo »). */
export function formatBytes(bytes: number): string {
  const units = ['o', 'Ko', 'Mo', 'Go', 'To'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: digits })} ${units[unit]}`;
}

/**
 * « Associations hébergées » (the host console, docs/hosting.md): the associations this installation
 * serves with their figures, the creation of one with its first administrator, suspend and resume.
 */
export function HostConsolePage() {
  return (
    <RequireRole
      roles={['host']}
      title="Associations hébergées"
      denied="Cet écran est réservé à l’hébergeur, sur l’adresse de sa console."
      signIn="Connectez-vous avec le compte de l’hébergeur."
    >
      <HostConsole />
    </RequireRole>
  );
}

function HostConsole() {
  const associations = useResource(() => hostApi.list(), []);
  const list = associations.data?.items ?? null;
  const total = associations.data?.total ?? 0;
  const loadError = associations.error
    ? associations.error instanceof ApiError
      ? associations.error.message
      : NETWORK_ERROR_MESSAGE
    : null;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedHostedAssociation | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  const handleCreated = (answer: CreatedHostedAssociation) => {
    setCreating(false);
    setCreated(answer);
    void associations.reload();
  };
  const handleChanged = (changed: HostedAssociation) =>
    associations.setData((page) => page && { ...page, items: page.items.map((item) => (item.id === changed.id ? changed : item)) });
  // The console reads each association's figures from its own schema, so it asks for them a page at a time.
  const loadMore = async () => {
    if (!list) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const next = await hostApi.list(list.length);
      associations.setData((page) => page && { items: [...page.items, ...next.items], total: next.total });
    } catch (caught) {
      setMoreError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className="shell-page">
      <div className="shell-page__title">
        <h1>Associations hébergées</h1>
        {!creating && (
          <Button
            onClick={() => {
              setCreating(true);
              setCreated(null);
            }}
          >
            Créer une association
          </Button>
        )}
      </div>
      <p className="shell-hint">
        Chaque association a sa propre adresse, son équipe, ses chiffres et sa comptabilité ; aucune ne voit les données d’une autre.
      </p>
      {creating && <NewAssociationForm onCreated={handleCreated} onCancel={() => setCreating(false)} />}
      {created && (
        <div className="k-card shell-form" role="status">
          <Banner tone="success">
            Association créée : <a href={created.url}>{created.url}</a>
          </Banner>
          {created.link ? (
            <LinkToHandOver
              id="new-association-link"
              label="Lien pour que son administrateur choisisse son mot de passe"
              link={created.link}
            />
          ) : (
            <p className="shell-hint">Son administrateur se connecte à cette adresse avec le mot de passe donné.</p>
          )}
        </div>
      )}
      {loadError && <ErrorLine>{loadError}</ErrorLine>}
      {!list && !loadError && <Spinner />}
      {list && list.length === 0 && <p>Aucune association hébergée pour l’instant.</p>}
      {list && list.length > 0 && (
        <div className="shell-people">
          {list.map((association) => (
            <AssociationCard key={association.id} association={association} onChanged={handleChanged} />
          ))}
        </div>
      )}
      {list && total > 0 && (
        <p className="shell-hint" aria-live="polite">
          {list.length < total
            ? `${plural(list.length, 'association affichée', 'associations affichées')} sur ${total}.`
            : plural(total, 'association hébergée', 'associations hébergées') + '.'}
        </p>
      )}
      {moreError && <ErrorLine>{moreError}</ErrorLine>}
      {list && list.length < total && (
        <div className="shell-actions">
          <Button variant="secondary" disabled={loadingMore} onClick={() => void loadMore()}>
            {loadingMore ? 'Chargement…' : 'Afficher les suivantes'}
          </Button>
        </div>
      )}
    </section>
  );
}

function AssociationCard({ association, onChanged }: { association: HostedAssociation; onChanged(changed: HostedAssociation): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editingLimits, setEditingLimits] = useState(false);
  const { limits, limitsOverride } = association;
  const byDefault = (value: number | null) => (value === null ? ' (par défaut)' : '');
  const suspended = association.state === 'suspended';
  const { figures } = association;
  const prefix = `association-${association.slug}`;

  const toggle = async () => {
    if (
      !suspended &&
      !window.confirm(`Suspendre « ${association.name} » ? Son adresse affichera qu’elle est suspendue ; rien n’est effacé.`)
    )
      return;
    setBusy(true);
    setError(null);
    try {
      const entry = suspended ? await hostApi.resume(association.slug) : await hostApi.suspend(association.slug);
      onChanged({ ...association, state: entry.state, suspendedAt: entry.state === 'suspended' ? new Date().toISOString() : null });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="k-card shell-person" aria-labelledby={`${prefix}-name`} data-slug={association.slug}>
      <header className="shell-person__header">
        <h2 id={`${prefix}-name`}>{association.name}</h2>
        <span className={suspended ? 'shell-tag shell-tag--off' : 'shell-tag'}>{suspended ? 'Suspendue' : 'Active'}</span>
      </header>
      <p className="shell-person__meta">
        <a href={association.url}>{association.url.replace(/^https?:\/\//, '')}</a>
        <br />
        {figures ? (
          <>
            {plural(figures.events, 'événement', 'événements')} · {plural(figures.sales, 'vente', 'ventes')}
            <br />
            Dernière vente : {figures.lastSaleAt ? dateTime.format(new Date(figures.lastSaleAt)) : 'aucune'}
          </>
        ) : (
          'Chiffres momentanément indisponibles.'
        )}
        <br />
        Stockage : {formatBytes(association.storageBytes)} sur {formatBytes(limits.storageBytes)}
        {byDefault(limitsOverride.storageBytes)}
        <br />
        Limites : {limits.requestsPerSecond} requêtes par seconde{byDefault(limitsOverride.requestsPerSecond)} ·{' '}
        {formatBytes(limits.uploadBytes)} par fichier{byDefault(limitsOverride.uploadBytes)}
        <br />
        Créée le {dateTime.format(new Date(association.createdAt))}
        {association.suspendedAt && (
          <>
            <br />
            Suspendue le {dateTime.format(new Date(association.suspendedAt))}
          </>
        )}
      </p>
      {error && <ErrorLine>{error}</ErrorLine>}
      {editingLimits && (
        <LimitsForm
          association={association}
          onSaved={(changed) => {
            setEditingLimits(false);
            onChanged(changed);
          }}
          onCancel={() => setEditingLimits(false)}
        />
      )}
      <div className="shell-actions">
        {!editingLimits && (
          <Button variant="secondary" onClick={() => setEditingLimits(true)}>
            Modifier les limites
          </Button>
        )}
        <Button variant={suspended ? 'secondary' : 'danger'} disabled={busy} onClick={toggle}>
          {suspended ? 'Rétablir' : 'Suspendre'}
        </Button>
      </div>
    </article>
  );
}
