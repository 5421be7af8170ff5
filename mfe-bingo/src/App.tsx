import { NavLink, Outlet, Route, Routes, useLocation } from 'react-router';
import { useResource } from '@kermesse/ui-kit';
import { bingoApi, type Area } from './api/bingoApi';
import { BoardPage } from './board/BoardPage';
import { CallerPage } from './caller/CallerPage';
import { CartonsPage } from './cartons/CartonsPage';
import { StaffOnly } from './components/StaffOnly';
import { useArea } from './components/useArea';
import { NightSettingsPage } from './night/NightSettingsPage';
import { NightsPage } from './night/NightsPage';
import { ReglementPage } from './night/ReglementPage';
import { SeatingPlanPage } from './plan/SeatingPlanPage';
import { PrizesPage } from './prizes/PrizesPage';
import './bingo.css';

/**
 * Whether the signed-in person calls this night: an admin always, a volunteer only when the night
 * names them among its callers (the caller's console refuses anyone else, so its tab is not offered).
 */
function useCallsNight(area: Area | null, id: number): boolean {
  const volunteerNights = useResource(area === 'volunteer' ? () => bingoApi.listNights('volunteer') : null, [area]);
  if (area === 'admin') return true;
  return (volunteerNights.data ?? []).some((night) => night.id === id && 'canCall' in night && night.canCall);
}

/** The tabs of one night. */
function NightLayout() {
  const area = useArea();
  const { pathname } = useLocation();
  const id = /\/(\d+)(?:\/|$)/.exec(pathname)?.[1] ?? '';
  const base = pathname.slice(0, pathname.indexOf(`/${id}`));
  const calls = useCallsNight(area, Number(id));
  const tabs = [
    { to: 'placement', label: 'Placement' },
    ...(calls ? [{ to: 'animateur', label: 'Animateur' }] : []),
    ...(area === 'admin'
      ? [
          { to: 'lots', label: 'Lots' },
          { to: 'soiree', label: 'Soirée et parties' },
          { to: 'cartons', label: 'Cartons' },
          { to: 'reglement', label: 'Règlement' },
        ]
      : []),
  ];
  return (
    <div className="bgo-app">
      <nav className="k-tabs bgo-no-print" aria-label="Loto">
        <NavLink to={base} end className="k-tabs__link">
          Soirées
        </NavLink>
        {tabs.map((t) => (
          <NavLink key={t.to} to={`${base}/${id}/${t.to}`} className="k-tabs__link">
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

function Home() {
  return (
    <div className="bgo-app">
      <StaffOnly volunteer>
        <NightsPage />
      </StaffOnly>
    </div>
  );
}

/** The loto remote's routes, relative to where the shell mounts them (`/loto`). Exposed as `./App`. */
export default function App() {
  return (
    <Routes>
      <Route index element={<Home />} />
      {/* The projector's board is public and has no tabs. */}
      <Route path=":id/tableau" element={<BoardPage />} />
      <Route path=":id" element={<NightLayout />}>
        <Route
          path="placement"
          element={
            <StaffOnly volunteer>
              <SeatingPlanPage />
            </StaffOnly>
          }
        />
        <Route
          path="animateur"
          element={
            <StaffOnly volunteer>
              <CallerPage />
            </StaffOnly>
          }
        />
        <Route
          path="lots"
          element={
            <StaffOnly>
              <PrizesPage />
            </StaffOnly>
          }
        />
        <Route
          path="soiree"
          element={
            <StaffOnly>
              <NightSettingsPage />
            </StaffOnly>
          }
        />
        <Route
          path="cartons"
          element={
            <StaffOnly>
              <CartonsPage />
            </StaffOnly>
          }
        />
        <Route
          path="reglement"
          element={
            <StaffOnly>
              <ReglementPage />
            </StaffOnly>
          }
        />
      </Route>
      <Route path="*" element={<p className="k-muted">Page introuvable dans le loto.</p>} />
    </Routes>
  );
}
