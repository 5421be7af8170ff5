import { Route, Routes } from 'react-router';
import { CashRegisterEntryPage } from './entry/CashRegisterEntryPage';
import { ApiTokenPage } from './token/ApiTokenPage';
import { RefundSearchPage } from './refunds/RefundSearchPage';
import './register.css';

/** The register's routes, relative to where the shell mounts them (`/caisse`). Exposed as `./App`. */
export default function App() {
  return (
    <Routes>
      <Route index element={<CashRegisterEntryPage />} />
      <Route path="jeton" element={<ApiTokenPage />} />
      <Route path="remboursement" element={<RefundSearchPage />} />
      <Route path="*" element={<p className="reg-muted">Page introuvable dans la caisse.</p>} />
    </Routes>
  );
}
