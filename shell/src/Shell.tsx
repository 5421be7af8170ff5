import { lazy, Suspense, use, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { SessionProvider, Spinner } from '@kermesse/ui-kit';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ModuleLoading, RemoteRoute } from './remotes/RemoteRoute';
import { routePatternFor, type RemoteManifest } from './remotes/manifest';
import type { RemoteComponents } from './remotes/remoteComponents';
import './shell.css';

// The shell's own pages load when opened: none of them is on a cashier's way to the register, whose
// phone then downloads less before its first sale (first-visit LCP).
const FirstRunPage = lazy(() => import('./pages/FirstRunPage').then((module) => ({ default: module.FirstRunPage })));
const InboxPage = lazy(() => import('./pages/InboxPage').then((module) => ({ default: module.InboxPage })));
const ContactPage = lazy(() => import('./pages/public/ContactPage').then((module) => ({ default: module.ContactPage })));
const PaginationDemoPage = lazy(() =>
  import('./pages/public/PaginationDemoPage').then((module) => ({ default: module.PaginationDemoPage })),
);
const PartnerPage = lazy(() => import('./pages/public/PartnerPage').then((module) => ({ default: module.PartnerPage })));
const LoginPage = lazy(() => import('./pages/LoginPage').then((module) => ({ default: module.LoginPage })));
const PasskeyLinkPage = lazy(() => import('./pages/PasskeyLinkPage').then((module) => ({ default: module.PasskeyLinkPage })));
const ProfilePage = lazy(() => import('./pages/ProfilePage').then((module) => ({ default: module.ProfilePage })));
const SetPasswordPage = lazy(() => import('./pages/SetPasswordPage').then((module) => ({ default: module.SetPasswordPage })));
const TeamPage = lazy(() => import('./pages/team/TeamPage').then((module) => ({ default: module.TeamPage })));
const HostConsolePage = lazy(() => import('./pages/host/HostConsolePage').then((module) => ({ default: module.HostConsolePage })));
const ApiTokensPage = lazy(() => import('./pages/team/ApiTokensPage').then((module) => ({ default: module.ApiTokensPage })));

/** A lazily loaded page, with the spinner while its code arrives. */
const page = (element: ReactNode) => <Suspense fallback={<Spinner />}>{element}</Suspense>;

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
          <Route path="connexion" element={page(<LoginPage />)} />
          <Route path="equipe" element={page(<TeamPage />)} />
          <Route path="equipe/jetons" element={page(<ApiTokensPage />)} />
          <Route path="profil" element={page(<ProfilePage />)} />
          <Route path="hebergement" element={page(<HostConsolePage />)} />
          <Route path="mot-de-passe" element={page(<SetPasswordPage />)} />
          <Route path="cle-d-acces" element={page(<PasskeyLinkPage />)} />
          <Route path="premier-lancement" element={page(<FirstRunPage />)} />
          <Route path="partenaire" element={page(<PartnerPage />)} />
          <Route path="contact" element={page(<ContactPage />)} />
          <Route path="pagination" element={page(<PaginationDemoPage />)} />
          <Route path="messages" element={page(<InboxPage />)} />
          <Route
            path="*"
            element={
              <Suspense fallback={<ModuleLoading />}>
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
