import { NavLink, Outlet, Route, Routes, useLocation, useParams } from 'react-router';
import { AdminOnly } from './components/AdminOnly';
import { CheckoutProductsPage } from './checkouts/CheckoutProductsPage';
import { PriceListPage } from './checkouts/PriceListPage';
import { InventoryImportPage } from './import/InventoryImportPage';
import { StockStatePage } from './state/StockStatePage';
import { SwapMeetImportPage } from './swapmeet/SwapMeetImportPage';
import './stock.css';

const TABS = [
  { to: '', label: 'État du stock', end: true },
  { to: 'import', label: "Import d'inventaire" },
  { to: 'caisses', label: 'Produits des caisses' },
  { to: 'tarifs', label: 'Liste des prix' },
  { to: 'vide-grenier', label: 'Vide-grenier' },
];

/**
 * Where the shell mounted the remote (`/stock`): the path without the part its splat route matched.
 * Relative links inside a splat route resolve from the whole path, so the tabs use this base.
 */
function useMountPath(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  return (rest ? pathname.slice(0, pathname.length - rest.length) : pathname).replace(/\/+$/, '');
}

/** The tabs between the screens, above the screen shown. */
function StockLayout() {
  const base = useMountPath();
  return (
    <div className="k-app stk-app">
      <AdminOnly>
        <nav className="k-tabs stk-tabs k-no-print" aria-label="Stock et vide-grenier">
          {TABS.map((tab) => (
            <NavLink key={tab.to} to={tab.to ? `${base}/${tab.to}` : base} end={tab.end} className="k-tabs__link stk-tabs__link">
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <Outlet />
      </AdminOnly>
    </div>
  );
}

/** The stock remote's routes, relative to where the shell mounts them (`/stock`). Exposed as `./App`. */
export default function App() {
  return (
    <Routes>
      <Route element={<StockLayout />}>
        <Route index element={<StockStatePage />} />
        <Route path="import" element={<InventoryImportPage />} />
        <Route path="caisses" element={<CheckoutProductsPage />} />
        <Route path="tarifs" element={<PriceListPage />} />
        <Route path="vide-grenier" element={<SwapMeetImportPage />} />
        <Route path="*" element={<p className="k-muted">Page introuvable dans le stock.</p>} />
      </Route>
    </Routes>
  );
}
