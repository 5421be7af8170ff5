import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner, Button, ErrorLine, Field, formatDate, formatTime, Spinner, TextInput } from '@kermesse/ui-kit';
import {
  DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type DeliveryStatus,
  type WebhookEventType,
} from '@kermesse/contracts-webhooks';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import type { CreatedEndpointAnswer, DeliveryAnswer, EndpointAnswer } from './api/backOfficeApi';
import { messageOf, useLoad } from './useLoad';

const STATUS_BADGES: Record<DeliveryStatus, string> = { pending: 'k-badge--warn', sent: 'k-badge--on', failed: 'k-badge--alert' };

const when = (iso: string) => `${formatDate(iso)} ${formatTime(new Date(iso))}`;

/**
 * « Webhooks »: the addresses of the association's tools that receive the fair's events, signed
 * (docs/webhooks.md): add one and see its secret once, read its delivery log, « Renvoyer » a delivery.
 */
export function WebhooksPage() {
  const api = useBackOfficeApi();
  const endpoints = useLoad(() => api.listWebhooks(), [api]);
  const [created, setCreated] = useState<CreatedEndpointAnswer | null>(null);

  return (
    <section className="bo-page">
      <p>
        <Link to="..">← Tous les événements</Link>
      </p>
      <h1>Webhooks</h1>
      <p className="bo-muted">
        Kermesse envoie les événements choisis de la fête à l'adresse d'un outil de l'association (tableur, logiciel de comptabilité,
        tableau de bord), signés selon Standard Webhooks. Un envoi qui échoue est retenté pendant 24 heures.
      </p>
      {created && (
        <Banner tone="success">
          <p>Point de réception « {created.url} » ajouté. Voici son secret de signature : copiez-le maintenant, il ne sera plus affiché.</p>
          <label className="k-visually-hidden" htmlFor="webhook-secret">
            Secret de signature
          </label>
          <TextInput id="webhook-secret" readOnly value={created.secret} onFocus={(e) => e.target.select()} />
        </Banner>
      )}
      <NewEndpointForm
        onCreated={async (endpoint) => {
          setCreated(endpoint);
          await endpoints.reload();
        }}
      />
      <div className="k-card bo-card">
        <h2>Points de réception</h2>
        {endpoints.loading && !endpoints.data && <Spinner label="Chargement des points de réception…" />}
        {endpoints.error && <ErrorLine>{endpoints.error}</ErrorLine>}
        {endpoints.data?.items.length === 0 && <p>Aucun point de réception pour l'instant.</p>}
        {endpoints.data?.items.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} onChanged={endpoints.reload} />
        ))}
      </div>
    </section>
  );
}

function NewEndpointForm({ onCreated }: { onCreated: (endpoint: CreatedEndpointAnswer) => Promise<void> }) {
  const api = useBackOfficeApi();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (type: WebhookEventType) =>
    setTypes((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const endpoint = await api.createWebhook({ url: url.trim(), description: description.trim() || undefined, eventTypes: types });
      setUrl('');
      setDescription('');
      setTypes([]);
      setError(null);
      await onCreated(endpoint);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="k-card bo-card k-form" onSubmit={handleSubmit}>
      <h2>Ajouter un point de réception</h2>
      <Field label="Adresse (URL)" htmlFor="webhook-url">
        <TextInput
          id="webhook-url"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://outil.exemple.org/kermesse"
          autoComplete="off"
          maxLength={2000}
        />
      </Field>
      <Field label="Description (facultative)" htmlFor="webhook-description">
        <TextInput id="webhook-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
      </Field>
      <fieldset className="bo-fieldset">
        <legend>Événements à envoyer</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="k-check">
            <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} /> {WEBHOOK_EVENT_LABELS[type]} ({type})
          </label>
        ))}
      </fieldset>
      {error && <ErrorLine>{error}</ErrorLine>}
      <Button type="submit" disabled={busy}>
        Ajouter
      </Button>
    </form>
  );
}

function EndpointCard({ endpoint, onChanged }: { endpoint: EndpointAnswer; onChanged: () => Promise<void> }) {
  const api = useBackOfficeApi();
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { pending, sent, failed } = endpoint.deliveries;

  const handleDelete = async () => {
    try {
      await api.deleteWebhook(endpoint.id);
      await onChanged();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <article className="bo-webhook" aria-label={`Point de réception ${endpoint.url}`}>
      <h3 className="bo-webhook__url">{endpoint.url}</h3>
      {endpoint.description && <p>{endpoint.description}</p>}
      <p className="bo-muted">
        {endpoint.eventTypes.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ')} · {sent} envoyé{sent > 1 ? 's' : ''}, {pending} en
        attente, {failed} en échec
      </p>
      <div className="k-actions">
        <Button variant="secondary" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          Journal des envois
        </Button>
        {confirming ? (
          <>
            <Button variant="danger" onClick={() => void handleDelete()}>
              Confirmer la suppression
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            Supprimer
          </Button>
        )}
      </div>
      {error && <ErrorLine>{error}</ErrorLine>}
      {showLog && <DeliveryLog endpointId={endpoint.id} onChanged={onChanged} />}
    </article>
  );
}

function DeliveryLog({ endpointId, onChanged }: { endpointId: number; onChanged: () => Promise<void> }) {
  const api = useBackOfficeApi();
  const log = useLoad(() => api.listWebhookDeliveries(endpointId), [api, endpointId]);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleResend = async (delivery: DeliveryAnswer) => {
    try {
      await api.resendWebhookDelivery(delivery.id);
      setNotice(`Envoi « ${WEBHOOK_EVENT_LABELS[delivery.eventType]} » remis en file : il part dans un instant.`);
      setError(null);
      await Promise.all([log.reload(), onChanged()]);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  if (log.loading && !log.data) return <Spinner label="Chargement du journal…" />;
  if (log.error) return <ErrorLine>{log.error}</ErrorLine>;
  if (!log.data?.items.length) return <p>Aucun envoi pour l'instant.</p>;
  return (
    <>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      <div className="k-table-wrap">
        <table className="k-table k-table--stack">
          <caption className="k-visually-hidden">Journal des envois</caption>
          <thead>
            <tr>
              <th>Événement</th>
              <th>Reçu le</th>
              <th>État</th>
              <th>Tentatives</th>
              <th>Dernière réponse</th>
              <th>
                <span className="k-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.items.map((delivery) => (
              <tr key={delivery.id}>
                <td>{WEBHOOK_EVENT_LABELS[delivery.eventType]}</td>
                <td>{when(delivery.createdAt)}</td>
                <td>
                  <span className={`k-badge ${STATUS_BADGES[delivery.status]}`}>{DELIVERY_STATUS_LABELS[delivery.status]}</span>
                  {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
                    <span className="bo-muted"> (nouvel essai à {formatTime(new Date(delivery.nextAttemptAt))})</span>
                  )}
                </td>
                <td className="k-num">{delivery.attempts}</td>
                <td className="bo-webhook__answer">
                  {delivery.lastStatus !== null && `HTTP ${delivery.lastStatus}`}
                  {delivery.lastStatus !== null && delivery.lastAnswer ? ' · ' : ''}
                  {delivery.lastAnswer ?? (delivery.lastStatus === null ? '—' : '')}
                </td>
                <td className="k-table__actions">
                  <Button
                    variant="secondary"
                    onClick={() => void handleResend(delivery)}
                    aria-label={`Renvoyer : ${WEBHOOK_EVENT_LABELS[delivery.eventType]} du ${when(delivery.createdAt)}`}
                  >
                    Renvoyer
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
