/**
 * The register domain's back office, exposed as the second module `./Admin` of `mfe_register`:
 * the shell loads it only for administrators, so the register page's JavaScript does not carry it.
 * Routes are relative to where the shell mounts it (`/gestion`).
 */
import { Link, Route, Routes } from 'react-router';
import { RequireRole } from '@kermesse/ui-kit';
import { BackOfficeApiProvider } from './api/BackOfficeApiContext';
import type { BackOfficeApi } from './api/backOfficeApi';
import { CardReadersPage } from './CardReadersPage';
import { EventPage } from './EventPage';
import { EventsPage } from './EventsPage';
import { WebhooksPage } from './WebhooksPage';
import { CompliancePage } from './CompliancePage';
import { EventLogPage } from './EventLogPage';
import { WhoIsConcernedPage } from './WhoIsConcernedPage';
import './admin.css';

export default function Admin({ api }: { api?: BackOfficeApi }) {
  return (
    <RequireRole
      roles={['admin']}
      title="Gestion de la fête"
      denied="Ces écrans sont réservés aux administrateurs."
      signIn="Connectez-vous avec un compte administrateur pour préparer la fête."
      className="k-notice"
    >
      <BackOfficeApiProvider api={api}>
        <div className="bo">
          <Routes>
            <Route index element={<EventsPage />} />
            <Route path="evenements/:eventId" element={<EventPage />} />
            <Route path="lecteurs" element={<CardReadersPage />} />
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="conformite" element={<CompliancePage />} />
            <Route path="conformite/qui-est-concerne" element={<WhoIsConcernedPage />} />
            <Route path="conformite/journal-des-evenements" element={<EventLogPage />} />
            <Route
              path="*"
              element={
                <p>
                  Page introuvable dans la gestion. <Link to="">Retour aux événements</Link>
                </p>
              }
            />
          </Routes>
        </div>
      </BackOfficeApiProvider>
    </RequireRole>
  );
}
