import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner, Button, ErrorLine, Field, formatDate, formatEuros, formatTime, saveFile, Spinner, TextInput } from '@kermesse/ui-kit';
import type { ArchiveView, ComplianceStatus } from '@kermesse/contracts-register/compliance';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import { AttestationText } from './AttestationText';
import { messageOf, useLoad } from './useLoad';

const when = (iso: string) => `${formatDate(iso)} à ${formatTime(new Date(iso))}`;
const euros = (amount: number) => formatEuros(amount);
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const monthName = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
/** « 2026-11-28 » → « 28/11/2026 ». */
const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * « Conformité de la caisse » (docs/compliance/): the version, the editor's attestation to sign, the
 * last checks of the journal and of an archive, the public key, the monthly closings with their
 * perpetual totals and the signed archives.
 */
export function CompliancePage() {
  const api = useBackOfficeApi();
  const status = useLoad(() => api.getCompliance(), [api]);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setNotice({ tone: 'success', text: await work() });
    } catch (err) {
      setNotice({ tone: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
      await status.reload();
    }
  };

  const handleVerifyJournal = () =>
    run(async () => {
      const result = await api.verifyJournal();
      if (!result.ok) throw new Error(`Journal rompu à l'enregistrement n° ${result.firstBroken?.seq} : ${result.firstBroken?.problem}`);
      return `Journal des ventes intact : ${result.records} enregistrements vérifiés.`;
    });
  const handleClose = () =>
    run(async () => {
      const done = await api.closePeriods();
      return done.closings
        ? `${done.closings} clôture(s) signée(s), ${done.archives} archive(s) mensuelle(s) produite(s).`
        : 'Aucune période terminée à clôturer.';
    });

  return (
    <section className="bo-page">
      <p>
        <Link to="..">← Tous les événements</Link>
      </p>
      <header className="k-page-header bo-page__head">
        <h1>Conformité de la caisse</h1>
        <span className="k-actions">
          <Link className="k-button k-button--secondary" to="qui-est-concerne">
            Qui est concerné ?
          </Link>
          <Link className="k-button k-button--secondary" to="journal-des-evenements">
            Journal des événements
          </Link>
        </span>
      </header>
      <p className="bo-muted">
        Inaltérabilité, sécurisation, conservation et archivage des ventes (CGI art. 286 I 3° bis). Kermesse ne détient aucune certification
        : la preuve est l'attestation individuelle de l'éditeur, signée par qui vous fournit ou héberge Kermesse.
      </p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {status.loading && !status.data && <Spinner label="Chargement de l'état de conformité…" />}
      {status.error && <ErrorLine>{status.error}</ErrorLine>}
      {status.data && (
        <>
          <StatusCard status={status.data} busy={busy} onVerifyJournal={handleVerifyJournal} onClose={handleClose} />
          <MonthlyClosings />
          <Archives onChanged={status.reload} />
          <PublicKeyCard status={status.data} />
          <div className="k-card bo-card">
            <h2>Attestation de l'éditeur</h2>
            <p>
              À compléter et signer par qui distribue ou héberge Kermesse, pour la version {status.data.version}. Une association qui n'est
              pas concernée (voir « Qui est concerné ? ») n'en a pas besoin.
            </p>
            <details>
              <summary>Lire l'attestation à signer</summary>
              <AttestationText version={status.data.version} keyId={status.data.publicKey?.keyId ?? '…'} />
            </details>
          </div>
        </>
      )}
    </section>
  );
}

function StatusCard({
  status,
  busy,
  onVerifyJournal,
  onClose,
}: {
  status: ComplianceStatus;
  busy: boolean;
  onVerifyJournal: () => void;
  onClose: () => void;
}) {
  const check = (c: ComplianceStatus['lastJournalCheck'], never: string) =>
    c ? (
      <>
        <span className={`k-badge ${c.ok ? 'k-badge--on' : 'k-badge--alert'}`}>{c.ok ? 'Intact' : 'Altéré'}</span> le {when(c.at)} —{' '}
        {c.summary}
      </>
    ) : (
      never
    );
  return (
    <div className="k-card bo-card">
      <h2>État</h2>
      <dl className="k-figures">
        <div>
          <dt>Version du logiciel</dt>
          <dd>{status.version}</dd>
        </div>
        <div>
          <dt>Dernière vérification du journal</dt>
          <dd>{check(status.lastJournalCheck, 'Jamais vérifié.')}</dd>
        </div>
        <div>
          <dt>Dernière vérification d'une archive</dt>
          <dd>{check(status.lastArchiveCheck, 'Aucune archive vérifiée.')}</dd>
        </div>
        <div>
          <dt>Dernière clôture</dt>
          <dd>
            {status.lastClosing
              ? `n° ${status.lastClosing.seq}, signée le ${when(status.lastClosing.closedAt)}`
              : 'Aucune période terminée pour l’instant.'}
          </dd>
        </div>
        <div>
          <dt>Journal des événements</dt>
          <dd>
            {status.eventLog.ok
              ? `Intact, ${status.eventLog.records} enregistrements.`
              : `Altéré : ${status.eventLog.problem ?? 'chaîne rompue.'}`}
          </dd>
        </div>
      </dl>
      <span className="k-actions">
        <Button variant="secondary" disabled={busy} onClick={onVerifyJournal}>
          Vérifier le journal des ventes
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Clôturer les périodes terminées
        </Button>
      </span>
    </div>
  );
}

function MonthlyClosings() {
  const api = useBackOfficeApi();
  const months = useLoad(() => api.listClosings('month'), [api]);
  return (
    <div className="k-card bo-card">
      <h2>Clôtures mensuelles de l'association</h2>
      <p className="bo-muted">
        Chaque jour, mois et année terminés sont clôturés par caisse et pour l'association, chaînés et signés. Le total perpétuel cumule
        tout depuis la première vente et n'est jamais remis à zéro.
      </p>
      {months.error && <ErrorLine>{months.error}</ErrorLine>}
      {months.data?.closings.length === 0 && <p className="k-empty">Aucun mois clôturé pour l'instant.</p>}
      {!!months.data?.closings.length && (
        <table className="k-table k-table--stack">
          <thead>
            <tr>
              <th scope="col">Mois</th>
              <th scope="col" className="k-num">
                Ventes
              </th>
              <th scope="col" className="k-num">
                Remboursements
              </th>
              <th scope="col" className="k-num">
                Net
              </th>
              <th scope="col" className="k-num">
                Total perpétuel
              </th>
              <th scope="col">Clôture</th>
            </tr>
          </thead>
          <tbody>
            {months.data.closings.map((c) => (
              <tr key={c.seq}>
                <td data-label="Mois">{monthName(c.periodStart)}</td>
                <td data-label="Ventes" className="k-num">
                  {euros(c.totals.sales)} ({c.totals.salesCount})
                </td>
                <td data-label="Remboursements" className="k-num">
                  {euros(c.totals.refunds)}
                </td>
                <td data-label="Net" className="k-num">
                  {euros(c.totals.net)}
                </td>
                <td data-label="Total perpétuel" className="k-num">
                  {euros(c.perpetual.net)}
                </td>
                <td data-label="Clôture">n° {c.seq}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Archives({ onChanged }: { onChanged: () => Promise<void> }) {
  const api = useBackOfficeApi();
  const archives = useLoad(() => api.listArchives(), [api]);
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const handleCreate = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const made = await api.createArchive(from, to);
      setError(null);
      setResult(`Archive ${made.archive.fileName} produite.`);
      await archives.reload();
      await onChanged();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const handleDownload = async (archive: ArchiveView) => {
    try {
      saveFile(await api.downloadArchive(archive.id));
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const handleVerify = async (archive: ArchiveView) => {
    try {
      const check = await api.verifyArchive(archive.id);
      setError(check.ok ? null : `Archive ${archive.fileName} altérée : ${check.problems.join(' ; ')}`);
      setResult(check.ok ? `Archive ${archive.fileName} intacte : signature et empreintes vérifiées.` : null);
      await onChanged();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <div className="k-card bo-card">
      <h2>Archives signées</h2>
      <p className="bo-muted">
        Une archive est produite pour chaque mois clôturé. Téléchargez-les et conservez-les six ans avec la clé publique :
        <code> npm run journal:verify-archive -- archive.tar --cle-publique cle.pem</code> les vérifie sans le serveur.
      </p>
      <form className="k-inline-form" onSubmit={handleCreate}>
        <Field label="Du" htmlFor="archive-from">
          <TextInput id="archive-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
        </Field>
        <Field label="Au" htmlFor="archive-to">
          <TextInput id="archive-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        </Field>
        <Button type="submit">Archiver la période</Button>
      </form>
      {result && <Banner tone="success">{result}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {archives.error && <ErrorLine>{archives.error}</ErrorLine>}
      {archives.data?.archives.length === 0 && <p className="k-empty">Aucune archive pour l'instant.</p>}
      {!!archives.data?.archives.length && (
        <table className="k-table k-table--stack">
          <thead>
            <tr>
              <th scope="col">Période</th>
              <th scope="col">Fichier</th>
              <th scope="col">Produite le</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {archives.data.archives.map((a) => (
              <tr key={a.id}>
                <td data-label="Période">
                  {a.kind === 'month' ? monthName(a.periodStart) : `du ${frenchDay(a.periodStart)} au ${frenchDay(a.periodLast)}`}
                </td>
                <td data-label="Fichier">{a.fileName}</td>
                <td data-label="Produite le">{when(a.createdAt)}</td>
                <td data-label="Actions" className="k-table__actions">
                  <Button variant="secondary" onClick={() => void handleDownload(a)} aria-label={`Télécharger ${a.fileName}`}>
                    Télécharger
                  </Button>
                  <Button variant="secondary" onClick={() => void handleVerify(a)} aria-label={`Vérifier ${a.fileName}`}>
                    Vérifier
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function PublicKeyCard({ status }: { status: ComplianceStatus }) {
  if (!status.publicKey) return null;
  return (
    <div className="k-card bo-card">
      <h2>Clé publique de signature</h2>
      <p>
        Ed25519, identifiant <strong>{status.publicKey.keyId}</strong>, créée le {when(status.publicKey.createdAt)}. Publiée sans connexion
        à l'adresse <code>/api/public/till/public-key</code> : quiconque a une clôture ou une archive la vérifie avec elle.
      </p>
      <pre className="bo-pem" tabIndex={0} role="region" aria-label="Clé publique (PEM)">
        {status.publicKey.publicKey}
      </pre>
    </div>
  );
}
