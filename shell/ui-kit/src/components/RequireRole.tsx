import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession, type Role } from '../session';
import { classNames } from './Button';

export interface RequireRoleProps {
  /** Any of these roles opens the screens; `admin` is never implied, list it when it is meant. */
  roles: readonly Role[];
  /** The module's name, the notice's title (« Stock et vide-grenier »). */
  title: string;
  /** Said to a signed-in user without the role (« Ces écrans sont réservés aux administrateurs. »). */
  denied: string;
  /** Said to a visitor, above the « Se connecter » link. */
  signIn: string;
  /** The remote's own class for the notice (its width, its padding). */
  className?: string;
  /** Shown under the message in both cases (links to public pages). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * Shows its children only to a user holding one of `roles`; anyone else gets a French notice, with
 * a link to sign in for a visitor. Display only: the gateway enforces roles on every call.
 *
 * `<RequireRole roles={['admin']} title="Loto" denied="…" signIn="…">{screens}</RequireRole>`
 */
export function RequireRole({ roles, title, denied, signIn, className, footer, children }: RequireRoleProps) {
  const { user } = useSession();
  if (user?.roles.some((role) => roles.includes(role))) return children;
  return (
    <section className={classNames('k-card', className)}>
      <h1>{title}</h1>
      <p>{user ? denied : signIn}</p>
      {!user && (
        <p>
          <Link className="k-button k-button--primary" to="/connexion">
            Se connecter
          </Link>
        </p>
      )}
      {footer}
    </section>
  );
}
