import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, formatDate, formatEuros, formatTime, Spinner, TextInput } from '@kermesse/ui-kit';
import {
  HELLOASSO_FORM_TYPE_LABELS,
  HELLOASSO_FORM_TYPES,
  HELLOASSO_ITEM_KIND_LABELS,
  HELLOASSO_PULL_ERROR_LABELS,
  type HelloAssoFormType,
  type HelloAssoImportAnswer,
  type FairEvent,
  type HelloAssoOverview,
} from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { failureText } from '../components/messages';

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** What an import did, in one sentence. */
export function importSummary(answer: HelloAssoImportAnswer): string {
  const parts = [
    plural(answer.sales, 'prévente', 'préventes'),
    plural(answer.donations, 'don', 'dons'),
    plural(answer.memberships, 'adhésion', 'adhésions'),
    plural(answer.payouts, 'versement', 'versements'),
    ...(answer.tickets > 0 ? [plural(answer.tickets, "billet envoyé au contrôle d'entrée", "billets envoyés au contrôle d'entrée")] : []),
  ];
  const rest = [
    answer.skipped > 0 ? `${plural(answer.skipped, 'article non comptabilisé', 'articles non comptabilisés')}` : '',
    answer.alreadyImported > 0 ? `${plural(answer.alreadyImported, 'article déjà importé', 'articles déjà importés')}` : '',
    answer.refunds > 0 ? `${plural(answer.refunds, 'remboursement HelloAsso contrepassé', 'remboursements HelloAsso contrepassés')}` : '',
  ].filter(Boolean);
  return `${plural(answer.orders, 'commande lue', 'commandes lues')} : ${parts.join(', ')}${rest.length ? ` ; ${rest.join(', ')}` : ''}.`;
}

/**
 * « HelloAsso »: the association's HelloAsso account (the secret typed once, never shown again), the
 * import of a form's orders and payouts, and what was imported (docs/helloasso.md).
 */
export function HelloAssoPage() {
  const [overview, setOverview] = useState<HelloAssoOverview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    accountingApi.getHelloAsso().then(
      (answer) => {
        setOverview(answer);
        setError(null);
      },
      (failure) => setError(failureText('Erreur lors de la récupération des données', failure)),
    );
  }, []);
  useEffect(load, [load]);

  return (
    <section className="k-page acc-page" aria-labelledby="helloasso-title">
      <header className="k-page-header acc-header">
        <h1 id="helloasso-title">HelloAsso</h1>
      </header>
      {error && <ErrorLine>{error}</ErrorLine>}
      {!overview ? (
        !error && <Spinner />
      ) : (
        <>
          <div className="acc-columns">
            <HelloAssoAccountForm overview={overview} onSaved={load} />
            <HelloAssoImportCard configured={overview.settings.hasSecret} onImported={load} />
          </div>
          <dl className="k-stats">
            <div>
              <dt>Encore chez HelloAsso (compte 467)</dt>
              <dd>{formatEuros(overview.pending)}</dd>
            </div>
            <div>
              <dt>Articles importés</dt>
              <dd>{overview.items.length}</dd>
            </div>
            <div>
              <dt>Versements reçus</dt>
              <dd>{overview.payouts.length}</dd>
            </div>
          </dl>
          {overview.forms.length > 0 && (
            <div className="k-table-wrap">
              <table className="k-table k-table--stack acc-table" id="helloasso-forms">
                <caption>Formulaires relus chaque nuit</caption>
                <thead>
                  <tr>
                    <th scope="col">Formulaire</th>
                    <th scope="col">Dernière lecture</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.forms.map((form) => (
                    <tr key={`${form.formType}/${form.formSlug}`}>
                      <td>
                        {form.formSlug}{' '}
                        <span className="k-muted">({HELLOASSO_FORM_TYPE_LABELS[form.formType as HelloAssoFormType] ?? form.formType})</span>
                      </td>
                      <td>
                        {form.lastPulledAt ? `${formatDate(form.lastPulledAt)} à ${formatTime(new Date(form.lastPulledAt))}` : '—'}
                        {form.lastError && (
                          <span className="k-badge k-badge--warn acc-block">
                            Dernière lecture de nuit en échec : {HELLOASSO_PULL_ERROR_LABELS[form.lastError] ?? form.lastError}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="k-table-wrap">
            <table className="k-table k-table--stack acc-table" id="helloasso-payouts">
              <caption>Versements HelloAsso</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Pièce</th>
                  <th scope="col" className="k-num">
                    Encaissé
                  </th>
                  <th scope="col" className="k-num">
                    Frais
                  </th>
                  <th scope="col" className="k-num">
                    Versé à la banque
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.payouts.length === 0 && (
                  <tr>
                    <td colSpan={5} className="k-muted">
                      Aucun versement importé.
                    </td>
                  </tr>
                )}
                {overview.payouts.map((payout) => (
                  <tr key={payout.id}>
                    <td>{formatDate(payout.paidOn)}</td>
                    <td>
                      {payout.pieceRef} ({plural(payout.payments, 'paiement', 'paiements')})
                    </td>
                    <td className="k-num">{formatEuros(payout.gross)}</td>
                    <td className="k-num">{formatEuros(payout.fees)}</td>
                    <td className="k-num">{formatEuros(payout.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="k-table-wrap">
            <table className="k-table k-table--stack acc-table" id="helloasso-items">
              <caption>Articles importés</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Formulaire</th>
                  <th scope="col">Article</th>
                  <th scope="col">Payeur</th>
                  <th scope="col">Comptabilisé en</th>
                  <th scope="col" className="k-num">
                    Montant
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.items.length === 0 && (
                  <tr>
                    <td colSpan={6} className="k-muted">
                      Aucune commande importée : renseignez le compte puis importez un formulaire.
                    </td>
                  </tr>
                )}
                {overview.items.map((item) => (
                  <tr key={item.id}>
                    <td>{formatDate(item.paidOn)}</td>
                    <td>{item.formSlug}</td>
                    <td>{item.name}</td>
                    <td>{item.payer}</td>
                    <td>
                      {HELLOASSO_ITEM_KIND_LABELS[item.kind]}
                      {item.pieceRef && <span className="k-muted"> — {item.pieceRef}</span>}
                      {item.note && <span className="k-muted acc-block">{item.note}</span>}
                      {item.refundedOn && (
                        <span className="k-badge k-badge--warn acc-block">
                          Remboursé sur HelloAsso le {formatDate(item.refundedOn)}
                          {item.refundPieceRef && ` — ${item.refundPieceRef}`}
                        </span>
                      )}
                    </td>
                    <td className="k-num">{formatEuros(item.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** The organisation's slug, the API client id and its secret (left empty: the stored one is kept). */
function HelloAssoAccountForm({ overview, onSaved }: { overview: HelloAssoOverview; onSaved: () => void }) {
  const ids = { slug: useId(), clientId: useId(), secret: useId() };
  const [slug, setSlug] = useState(overview.settings.organizationSlug);
  const [clientId, setClientId] = useState(overview.settings.clientId);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(slug.trim()))
      return setError(
        "L'identifiant de l'organisation s'écrit en minuscules, chiffres et tirets (la fin de l'adresse de sa page HelloAsso).",
      );
    if (!clientId.trim()) return setError('Le client id est obligatoire.');
    if (!overview.settings.hasSecret && !secret.trim()) return setError('Le secret de l’API est obligatoire.');
    setError(null);
    try {
      await accountingApi.saveHelloAssoSettings({
        organizationSlug: slug.trim(),
        clientId: clientId.trim(),
        ...(secret.trim() ? { clientSecret: secret.trim() } : {}),
      });
      setSecret('');
      setNotice('Compte HelloAsso enregistré.');
      onSaved();
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement du compte HelloAsso", failure));
    }
  };

  return (
    <form className="k-card acc-card k-form" onSubmit={(e) => void handleSubmit(e)} noValidate aria-labelledby="helloasso-account-title">
      <h2 id="helloasso-account-title">Compte HelloAsso</h2>
      <p className="k-muted">Sur HelloAsso : « Mon compte › Intégrations et API ». Le secret est chiffré et n'est plus jamais affiché.</p>
      <Field label="Identifiant de l'organisation" htmlFor={ids.slug}>
        <TextInput
          id={ids.slug}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          placeholder="ape-ecole-jules-ferry"
          autoComplete="off"
        />
      </Field>
      <Field label="Client id" htmlFor={ids.clientId}>
        <TextInput id={ids.clientId} value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />
      </Field>
      <Field label={overview.settings.hasSecret ? 'Secret (enregistré ; laisser vide pour le garder)' : 'Secret'} htmlFor={ids.secret}>
        <TextInput id={ids.secret} type="password" value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="new-password" />
      </Field>
      <div className="k-actions">
        <Button type="submit">Enregistrer</Button>
      </div>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {overview.settings.notificationPath && <NotificationUrl path={overview.settings.notificationPath} />}
    </form>
  );
}

/**
 * The URL to paste in HelloAsso's back office (« Mon compte › Intégrations et API › Notifications »): this
 * association's own address, so with hosting it is the association's host. Its secret is the password.
 */
function NotificationUrl({ path }: { path: string }) {
  const id = useId();
  const url = `${window.location.origin}${path}`;
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      // No clipboard on a page served over plain http: the field can still be selected and copied by hand.
      await navigator.clipboard.writeText(url);
      setCopied('Adresse copiée.');
    } catch {
      setCopied("La copie n'est pas permise ici : sélectionnez l'adresse et copiez-la.");
    }
  };
  return (
    <div className="acc-notification-url">
      <Field label="Adresse de notification (à coller dans HelloAsso)" htmlFor={id}>
        <TextInput id={id} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <p className="k-muted">
        Sur HelloAsso : « Mon compte › Intégrations et API › Mon URL de callback ». Chaque commande payée arrive alors dans la comptabilité
        sans attendre l'import ; gardez cette adresse pour vous, elle vaut mot de passe.
      </p>
      <div className="k-actions">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          Copier l'adresse
        </Button>
      </div>
      {copied && <p role="status">{copied}</p>}
    </div>
  );
}

/** « Importer les commandes HelloAsso » of one form: each item once, the payouts with them. */
function HelloAssoImportCard({ configured, onImported }: { configured: boolean; onImported: () => void }) {
  const ids = { type: useId(), slug: useId(), event: useId() };
  const [formType, setFormType] = useState<HelloAssoFormType>('Event');
  const [formSlug, setFormSlug] = useState('');
  const [eventId, setEventId] = useState('');
  const [events, setEvents] = useState<FairEvent[]>([]);
  useEffect(() => {
    // Without the list (the service slow), the form still imports: the tickets just stay off the gate.
    accountingApi.listEvents().then(
      (answer) => setEvents(answer.events),
      () => setEvents([]),
    );
  }, []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(formSlug.trim()))
      return setError("Indiquez l'identifiant du formulaire : la fin de son adresse sur HelloAsso, par exemple kermesse-2026.");
    setError(null);
    setBusy(true);
    try {
      const answer = await accountingApi.importHelloAsso({
        formType,
        formSlug: formSlug.trim(),
        ...(eventId ? { eventId: Number(eventId) } : {}),
      });
      setNotice(`Import effectué — ${importSummary(answer)}`);
      onImported();
    } catch (failure) {
      setError(failureText("Erreur lors de l'import", failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="k-card acc-card k-form" onSubmit={(e) => void handleSubmit(e)} noValidate aria-labelledby="helloasso-import-title">
      <h2 id="helloasso-import-title">Importer les commandes HelloAsso</h2>
      <p className="k-muted">
        Chaque article n'est importé qu'une fois : relancer l'import n'ajoute que les nouvelles commandes et les nouveaux versements.
      </p>
      <Field label="Type de formulaire" htmlFor={ids.type}>
        <select id={ids.type} className="k-select" value={formType} onChange={(e) => setFormType(e.target.value as HelloAssoFormType)}>
          {HELLOASSO_FORM_TYPES.map((type) => (
            <option key={type} value={type}>
              {HELLOASSO_FORM_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Identifiant du formulaire" htmlFor={ids.slug}>
        <TextInput
          id={ids.slug}
          value={formSlug}
          onChange={(e) => setFormSlug(e.target.value)}
          placeholder="kermesse-2026"
          autoComplete="off"
        />
      </Field>
      {formType === 'Event' && (
        <Field label="Billets contrôlés à l'entrée de (facultatif)" htmlFor={ids.event}>
          <select id={ids.event} className="k-select" value={eventId} onChange={(e) => setEventId(e.target.value)}>
            <option value="">Aucun événement : pas de billets à l'entrée</option>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="k-actions">
        <Button type="submit" disabled={!configured || busy}>
          {busy ? 'Import en cours…' : 'Importer les commandes HelloAsso'}
        </Button>
      </div>
      {!configured && <p className="k-muted">Enregistrez d'abord le compte HelloAsso.</p>}
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}
