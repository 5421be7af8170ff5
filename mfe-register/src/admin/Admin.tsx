/**
 * The register domain's back office, exposed as the second module `./Admin` of `mfe_register`:
 * the shell loads it only for administrators, so the register page's JavaScript does not carry it.
 * Routes are relative to where the shell mounts it (`/gestion`).
 */
import { Link, Route, Routes } from 'react-router';
import { useSession } from '@kermesse/ui-kit';
import { BackOfficeApiProvider } from './api/BackOfficeApiContext';
import type { BackOfficeApi } from './api/backOfficeApi';
import { CardReadersPage } from './CardReadersPage';
import { EventPage } from './EventPage';
import { EventsPage } from './EventsPage';
import './admin.css';

export default function Admin({ api }: { api?: BackOfficeApi }) {
  const { user } = useSession();
  if (!user?.roles.includes('admin')) {
    return (
      <section className="k-card bo-notice">
        <h1>Gestion de la fête</h1>
        <p>{user ? 'Ces écrans sont réservés aux administrateurs.' : 'Connectez-vous avec un compte administrateur pour préparer la fête.'}</p>
        {!user && <p><Link className="k-button k-button--primary" to="/connexion">Se connecter</Link></p>}
      </section>
    );
  }
  return (
    <BackOfficeApiProvider api={api}>
      <div className="bo">
        <Routes>
          <Route index element={<EventsPage />} />
          <Route path="evenements/:eventId" element={<EventPage />} />
          <Route path="lecteurs" element={<CardReadersPage />} />
          <Route path="*" element={<p>Page introuvable dans la gestion. <Link to="">Retour aux événements</Link></p>} />
        </Routes>
      </div>
    </BackOfficeApiProvider>
  );
}
