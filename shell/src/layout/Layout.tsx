import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button, classNames, useSession, useTheme } from '@kermesse/ui-kit';
import { TermsModal } from '../pages/public/TermsModal';
import { useIdleLock } from '../session/idleLock';
import { signOutEverywhere } from '../session/signOut';
import { foldsOnSmallScreens, navigationFor, takesOwnLine } from './navigation';

/** Header (name, links for the user's roles, sign-out, dark mode), page content and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { user, signOut } = useSession();
  const { theme, toggleTheme } = useTheme();
  const navigate = useNavigate();
  const [termsOpen, setTermsOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuToggleId = useId();
  const navRef = useRef<HTMLElement>(null);
  useIdleLock();

  const links = navigationFor(user ? user.roles : null);
  const foldable = foldsOnSmallScreens(links);
  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    document.getElementById(menuToggleId)?.focus();
  };
  // The open menu lies over the page: a tap anywhere else closes it.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [menuOpen]);

  const handleSignOut = () => {
    // The tokens are read before the first await, then this device forgets them at once.
    void signOutEverywhere();
    signOut();
    navigate('/');
  };

  return (
    <div className="shell">
      <a className="shell-skip" href="#contenu">
        Aller au contenu
      </a>
      <header className="shell-header">
        <div className="shell-header__inner">
          <Link to="/" className="shell-brand">
            <span className="shell-brand__mark" aria-hidden="true">
              K
            </span>
            Kermesse
          </Link>
          <nav
            className={classNames(
              'shell-nav',
              foldable && 'shell-nav--foldable',
              takesOwnLine(links) && 'shell-nav--own-line',
              menuOpen && 'shell-nav--open',
            )}
            aria-label="Navigation principale"
            ref={navRef}
            onKeyDown={closeMenuOnEscape}
          >
            {foldable && (
              <Button
                id={menuToggleId}
                variant="ghost"
                className="shell-menu"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                <span aria-hidden="true">☰</span> Menu
              </Button>
            )}
            <ul id={menuId}>
              {links.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className="shell-nav__link" onClick={() => setMenuOpen(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="shell-tools">
            {user && (
              <>
                <span className="shell-user">{user.email}</span>
                <Button variant="ghost" title={`Connecté en tant que ${user.email}`} onClick={handleSignOut}>
                  Se déconnecter
                </Button>
              </>
            )}
            <Button variant="ghost" className="shell-theme" title="Mode sombre" aria-pressed={theme === 'dark'} onClick={toggleTheme}>
              <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
              <span className="shell-theme__label">Mode sombre</span>
            </Button>
          </div>
        </div>
      </header>
      <main id="contenu" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="shell-footer">
        <nav className="shell-footer__links" aria-label="Liens de bas de page">
          <Link to="/partenaire">Devenez partenaire solidaire</Link>
          <Link to="/contact">Contact</Link>
          <button type="button" className="shell-link-button" onClick={() => setTermsOpen(true)}>
            Conditions d'utilisation
          </button>
        </nav>
        <p>Kermesse — caisse, tombola, loto, stock et comptabilité pour les fêtes d'associations.</p>
        <p>Logiciel libre, fait par et pour les bénévoles.</p>
      </footer>
      {termsOpen && <TermsModal onClose={() => setTermsOpen(false)} />}
    </div>
  );
}
