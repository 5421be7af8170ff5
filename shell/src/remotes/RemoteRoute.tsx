import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Spinner, useSession } from '@kermesse/ui-kit';
import { moduleLabelFor } from '../layout/navigation';
import type { RemoteDescriptor } from './manifest';
import type { RemoteComponents } from './remoteComponents';

/** French names of the roles a module may be kept for (admin always passes). */
const ROLE_NAMES: Record<string, { one: string; many: string }> = {
  admin: { one: 'administrateur', many: 'administrateurs' },
  treasurer: { one: 'trésorier', many: 'trésoriers' },
  cashier: { one: 'caissier', many: 'caissiers' },
};

const rolesOf = (roles: readonly string[]) => ['admin', ...roles.filter((role) => role !== 'admin')].filter((role) => ROLE_NAMES[role]);

/** « Cette page est réservée aux administrateurs et trésoriers. » */
export function reservedTo(roles: readonly string[]): string {
  return `Cette page est réservée aux ${rolesOf(roles)
    .map((role) => ROLE_NAMES[role]!.many)
    .join(' et ')}.`;
}

/** « Connectez-vous avec un compte administrateur ou trésorier pour ouvrir cette page. » */
export function signInAs(roles: readonly string[]): string {
  return `Connectez-vous avec un compte ${rolesOf(roles)
    .map((role) => ROLE_NAMES[role]!.one)
    .join(' ou ')} pour ouvrir cette page.`;
}

/**
 * Mounts a remote's routes. A remote without a build says so; a remote that fails to load (or
 * crashes) shows a French message with « Réessayer » while the rest of the shell keeps working.
 */
export function RemoteRoute({ remote, components }: { remote: RemoteDescriptor; components: RemoteComponents }) {
  const { user } = useSession();
  const label = remote.label ?? moduleLabelFor(remote.path) ?? remote.name;
  const allowed = !remote.roles || Boolean(user?.roles.includes('admin') || user?.roles.some((role) => remote.roles!.includes(role)));
  const [attempt, setAttempt] = useState(0);
  // The module already loaded (the register, asked at start-up) renders in the shell's first pass.
  // Asked once per navigation into the remote: only the page the shell opens on trusts the manifest just read.
  const [stale] = useState(() => components.stale(remote.name));
  const [state, setState] = useState<{ App?: ComponentType; failed?: boolean }>(() =>
    stale ? {} : { App: components.loaded(remote.name, remote.module) },
  );
  const wanted = remote.available && allowed && !state.App && !state.failed;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void (async () => {
      // Each navigation into the remote first asks whether it was deployed again (then its new build loads).
      if (stale) await components.refresh?.(remote.name);
      const App = await components.load(remote.name, remote.module);
      if (live) setState({ App });
    })().catch((error: unknown) => {
      console.error(`Module ${label} en échec`, error);
      if (live) setState({ failed: true });
    });
    return () => {
      live = false;
    };
  }, [components, remote.name, remote.module, label, wanted, stale, attempt]);

  if (!remote.available) {
    return (
      <section className="shell-notice">
        <h1>{label}</h1>
        <p className="shell-notice__lead">Module bientôt disponible</p>
        <p>Ce module arrive dans une prochaine version de Kermesse.</p>
      </section>
    );
  }

  // A module kept for some roles is not even downloaded for the others.
  if (!allowed) {
    return (
      <section className="shell-notice">
        <h1>{label}</h1>
        <p className="shell-notice__lead">{user ? reservedTo(remote.roles!) : signInAs(remote.roles!)}</p>
      </section>
    );
  }

  const handleRetry = () => {
    components.forget(remote.name, remote.module);
    setState({});
    setAttempt((count) => count + 1);
  };
  if (state.failed) return <Unavailable label={label} onRetry={handleRetry} />;
  if (!state.App) return <ModuleLoading label={`Chargement du module ${label}…`} />;
  const RemoteApp = state.App;
  return (
    <RemoteErrorBoundary key={attempt} label={label} onRetry={handleRetry}>
      <RemoteApp />
    </RemoteErrorBoundary>
  );
}

/**
 * What a module's page shows while its code arrives: a whole screen, so the footer does not show
 * and then jump away when the module appears (a layout shift, and on a phone the footer's text
 * counted as the page's largest paint).
 */
export function ModuleLoading({ label }: { label?: string }) {
  return (
    <div className="shell-remote-loading">
      <Spinner label={label} />
    </div>
  );
}

/** « Le module … est momentanément indisponible. », with « Réessayer ». */
function Unavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <section className="shell-notice" role="alert">
      <h1>{label}</h1>
      <p className="shell-notice__lead">Le module {label} est momentanément indisponible.</p>
      <p>Vérifiez la connexion puis réessayez. Le reste de Kermesse fonctionne normalement.</p>
      <Button onClick={onRetry}>Réessayer</Button>
    </section>
  );
}

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Module ${this.props.label} en échec`, error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <Unavailable label={this.props.label} onRetry={this.props.onRetry} />;
  }
}
