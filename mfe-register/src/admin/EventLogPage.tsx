import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorLine, formatDate, formatTime, Spinner } from '@kermesse/ui-kit';
import type { EventLogView } from '@kermesse/contracts-register/compliance';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import { messageOf, useLoad } from './useLoad';

const KIND_LABELS: Record<string, string> = {
  'signin.succeeded': 'Connexion',
  'signin.failed': 'Connexion refusée',
  'account.changed': 'Compte',
  'product.changed': 'Produit',
  'price.changed': 'Prix',
  'mealdeal.changed': 'Formule',
  'register.changed': 'Caisse',
  'till.opened': 'Ouverture de caisse',
  'till.closed': 'Clôture de caisse',
  'closings.recorded': 'Clôtures signées',
  'archive.produced': 'Archive',
  'journal.verified': 'Vérification du journal',
  'archive.verified': "Vérification d'archive",
  'duplicate.printed': 'Duplicata',
  'settings.changed': 'Réglages',
  'software.updated': 'Mise à jour du logiciel',
  'backup.restored': 'Restauration',
};

/** « Journal des événements » (docs/compliance/conditions.md §5): the technical event log, newest first. */
export function EventLogPage() {
  const api = useBackOfficeApi();
  const first = useLoad(() => api.readEventLog(), [api]);
  const [older, setOlder] = useState<EventLogView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [end, setEnd] = useState(false);
  const records = [...(first.data?.records ?? []), ...older];

  const handleMore = async () => {
    try {
      const next = await api.readEventLog(records.at(-1)?.seq);
      setOlder((current) => [...current, ...next.records]);
      if (next.records.length < 100) setEnd(true);
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
      <h1>Journal des événements</h1>
      <p className="bo-muted">
        Connexions, modifications de prix, de produits, de la formule, des caisses et des comptes, ouvertures et clôtures, vérifications,
        duplicatas : chaque enregistrement est chaîné au précédent et ne peut être ni modifié ni supprimé.
      </p>
      {first.loading && !first.data && <Spinner label="Chargement du journal des événements…" />}
      {(first.error || error) && <ErrorLine>{first.error ?? error}</ErrorLine>}
      {first.data && records.length === 0 && <p className="k-empty">Aucun événement enregistré.</p>}
      {records.length > 0 && (
        <table className="k-table k-table--stack bo-log">
          <thead>
            <tr>
              <th scope="col">N°</th>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Par</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.seq}>
                <td data-label="N°">{r.seq}</td>
                <td data-label="Date">
                  {formatDate(r.recordedAt)} {formatTime(new Date(r.recordedAt))}
                </td>
                <td data-label="Type">{KIND_LABELS[r.kind] ?? r.kind}</td>
                <td data-label="Par">{r.actor}</td>
                <td data-label="Description">{r.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {first.data && first.data.records.length === 100 && !end && (
        <Button variant="secondary" onClick={() => void handleMore()}>
          Événements plus anciens
        </Button>
      )}
    </section>
  );
}
