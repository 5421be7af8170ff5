import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { CashRegisterEntryPage } from './entry/CashRegisterEntryPage';
import { lazyPart, preloadParts } from './lazyPart';
import './register.css';

// Pages of their own, away from the sales screen: fetched once the register is open (lazyPart.tsx).
const ApiTokenPage = lazyPart(() => import('./token/ApiTokenPage').then((module) => module.ApiTokenPage));
const RefundSearchPage = lazyPart(() => import('./refunds/RefundSearchPage').then((module) => module.RefundSearchPage));

/** The register's routes, relative to where the shell mounts them (`/caisse`). Exposed as `./App`. */
export default function App() {
  useEffect(preloadParts, []);
  return (
    <Routes>
      <Route index element={<CashRegisterEntryPage />} />
      <Route path="jeton" element={<ApiTokenPage />} />
      <Route path="remboursement" element={<RefundSearchPage />} />
      <Route path="*" element={<p className="reg-muted">Page introuvable dans la caisse.</p>} />
    </Routes>
  );
}
