import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
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
  const [attempt, setAttempt] = useState(0);
  const { user } = useSession();
  const label = remote.label ?? moduleLabelFor(remote.path) ?? remote.name;
  // Each navigation into the remote first asks whether it was deployed again (then its new build loads).
  const [checked, setChecked] = useState(!components.refresh);
  useEffect(() => {
    if (!components.refresh) return;
    let live = true;
    void components.refresh(remote.name).finally(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [components, remote.name]);

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
  if (remote.roles && !(user?.roles.includes('admin') || user?.roles.some((role) => remote.roles!.includes(role)))) {
    return (
      <section className="shell-notice">
        <h1>{label}</h1>
        <p className="shell-notice__lead">{user ? reservedTo(remote.roles) : signInAs(remote.roles)}</p>
      </section>
    );
  }

  if (!checked) return <Spinner label={`Chargement du module ${label}…`} />;

  const RemoteApp = components.get(remote.name, remote.module);
  const handleRetry = () => {
    components.forget(remote.name, remote.module);
    setAttempt((count) => count + 1);
  };

  return (
    <RemoteErrorBoundary key={attempt} label={label} onRetry={handleRetry}>
      <Suspense fallback={<Spinner label={`Chargement du module ${label}…`} />}>
        <RemoteApp />
      </Suspense>
    </RemoteErrorBoundary>
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
    return (
      <section className="shell-notice" role="alert">
        <h1>{this.props.label}</h1>
        <p className="shell-notice__lead">Le module {this.props.label} est momentanément indisponible.</p>
        <p>Vérifiez la connexion puis réessayez. Le reste de Kermesse fonctionne normalement.</p>
        <Button onClick={this.props.onRetry}>Réessayer</Button>
      </section>
    );
  }
}
