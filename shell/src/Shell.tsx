import { Suspense, use } from 'react';
import { Route, Routes } from 'react-router';
import { SessionProvider, Spinner } from '@kermesse/ui-kit';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';
import { FirstRunPage } from './pages/FirstRunPage';
import { InboxPage } from './pages/InboxPage';
import { ContactPage } from './pages/public/ContactPage';
import { PaginationDemoPage } from './pages/public/PaginationDemoPage';
import { PartnerPage } from './pages/public/PartnerPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PasskeyLinkPage } from './pages/PasskeyLinkPage';
import { ProfilePage } from './pages/ProfilePage';
import { SetPasswordPage } from './pages/SetPasswordPage';
import { TeamPage } from './pages/team/TeamPage';
import { RemoteRoute } from './remotes/RemoteRoute';
import { routePatternFor, type RemoteManifest } from './remotes/manifest';
import type { RemoteComponents } from './remotes/remoteComponents';
import './shell.css';

export interface ShellProps {
  /** The manifest being read; the shell's own pages do not wait for it. */
  manifest: Promise<RemoteManifest>;
  components: RemoteComponents;
}

/** The whole application inside a router: the shell's pages, then each remote under its path. */
export function Shell({ manifest, components }: ShellProps) {
  return (
    <SessionProvider>
      <Layout>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="connexion" element={<LoginPage />} />
          <Route path="equipe" element={<TeamPage />} />
          <Route path="profil" element={<ProfilePage />} />
          <Route path="mot-de-passe" element={<SetPasswordPage />} />
          <Route path="cle-d-acces" element={<PasskeyLinkPage />} />
          <Route path="premier-lancement" element={<FirstRunPage />} />
          <Route path="partenaire" element={<PartnerPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="pagination" element={<PaginationDemoPage />} />
          <Route path="messages" element={<InboxPage />} />
          <Route
            path="*"
            element={
              <Suspense fallback={<Spinner />}>
                <RemoteRoutes manifest={manifest} components={components} />
              </Suspense>
            }
          />
        </Routes>
      </Layout>
    </SessionProvider>
  );
}

function RemoteRoutes({ manifest, components }: ShellProps) {
  const { remotes, failed } = use(manifest);
  return (
    <Routes>
      {remotes.map((remote) => (
        <Route
          key={remote.name}
          path={routePatternFor(remote)}
          element={<RemoteRoute key={remote.name} remote={remote} components={components} />}
        />
      ))}
      <Route path="*" element={<NotFoundPage manifestFailed={failed} />} />
    </Routes>
  );
}
