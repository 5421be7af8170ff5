/**
 * The raffle remote's routes, relative to where the shell mounts them (`/tombola`). Exposed as `./App`.
 * `prevente` and `resultats` are public; `entree` (« Contrôle à l'entrée ») is the volunteers';
 * everything else is the administration (admin role).
 *
 * The spec's illustration page `/admin-prize/{id}/edit/image` lives here as
 * `/tombola/admin-prize/{id}/edit/image` (the shell mounts each remote under one path).
 */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminGate } from './components/AdminGate';
import { DrawingPage } from './drawing/DrawingPage';
import { PublicResultsPage } from './drawing/PublicResultsPage';
import { GatePage } from './gate/GatePage';
import { PassesPage } from './gate/PassesPage';
import { GiftBasketPage } from './giftBasket/GiftBasketPage';
import { PresalePage } from './presale/PresalePage';
import { PrintablePrizeListPage } from './prizes/PrintablePrizeList';
import { PrizeIllustrationPage } from './prizes/PrizeIllustrationPage';
import { PrizeInventoryPage } from './prizes/PrizeInventory';
import { PrizeTablePage } from './prizes/PrizeTable';
import { HomePage } from './raffle/HomePage';
import { RaffleDashboard } from './raffle/RaffleDashboard';
import { GiftBasketTiersPage, NewGiftBasketPage, NewRafflePage, RaffleTiersPage } from './tiers/TierPages';
import './raffle.css';

const admin = (page: ReactNode) => <AdminGate>{page}</AdminGate>;

export default function App() {
  return (
    <div className="k-app rf-app">
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="prevente" element={<PresalePage />} />
        <Route path="resultats" element={<PublicResultsPage />} />
        {/* The gate check (volunteers) and the pre-sold tickets (admin), docs/gate.md. */}
        <Route path="entree" element={<GatePage />} />
        <Route path="billets" element={<PassesPage />} />
        <Route path="nouvelle" element={admin(<NewRafflePage />)} />
        <Route path="admin-prize/:prizeId/edit/image" element={admin(<PrizeIllustrationPage />)} />
        <Route path="paniers/nouveau" element={admin(<NewGiftBasketPage />)} />
        <Route path="paniers/:basketId" element={admin(<GiftBasketPage />)} />
        <Route path="paniers/:basketId/tarifs" element={admin(<GiftBasketTiersPage />)} />
        <Route path=":raffleId" element={admin(<RaffleDashboard />)} />
        <Route path=":raffleId/tarifs" element={admin(<RaffleTiersPage />)} />
        <Route path=":raffleId/lots" element={admin(<PrizeInventoryPage />)} />
        <Route path=":raffleId/lots/tableau" element={admin(<PrizeTablePage />)} />
        <Route path=":raffleId/lots/imprimer" element={admin(<PrintablePrizeListPage />)} />
        <Route path=":raffleId/tirage" element={admin(<DrawingPage />)} />
        <Route path="*" element={<p className="k-muted">Page introuvable dans la tombola.</p>} />
      </Routes>
    </div>
  );
}
