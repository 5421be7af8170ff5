import { Link, Outlet, Route, Routes, useLocation, useParams } from 'react-router';
import { BankPage } from './bank/BankPage';
import { BooksPage } from './books/BooksPage';
import { TreasurerOnly } from './components/TreasurerOnly';
import { AssociationPage } from './donations/AssociationPage';
import { DonationsPage } from './donations/DonationsPage';
import { ReceiptsPage } from './donations/ReceiptsPage';
import { FairResultPage } from './fair/FairResultPage';
import { HelloAssoPage } from './helloasso/HelloAssoPage';
import { MembershipsPage } from './memberships/MembershipsPage';
import { AvailabilityPage } from './reports/AvailabilityPage';
import { BilanPage } from './reports/BilanPage';
import { ForecastPage } from './reports/ForecastPage';
import { TrialBalanceReportPage } from './trialBalances/TrialBalanceReportPage';
import { TrialBalanceRowsPage } from './trialBalances/TrialBalanceRowsPage';
import { TrialBalancesPage } from './trialBalances/TrialBalancesPage';
import './accounting.css';

const TABS = [
  { to: '', label: 'Balances' },
  { to: 'bilan', label: 'Bilan des comptes' },
  { to: 'disponibilites', label: 'Disponibilités' },
  { to: 'previsionnel', label: 'Prévisionnel' },
  { to: 'journal', label: 'Journal' },
  { to: 'fete', label: 'Résultat de la fête' },
  { to: 'dons', label: 'Dons' },
  { to: 'recus', label: 'Reçus fiscaux' },
  { to: 'adhesions', label: 'Adhésions' },
  { to: 'helloasso', label: 'HelloAsso' },
  { to: 'banque', label: 'Rapprochement bancaire' },
  { to: 'association', label: 'Association' },
];

/**
 * Where the shell mounted the remote (`/comptabilite`): the path without the part its splat route
 * matched. Relative links inside a splat route resolve from the whole path, so links use this base.
 */
function useMountPath(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  return (rest ? pathname.slice(0, pathname.length - rest.length) : pathname).replace(/\/+$/, '');
}

function AccountingLayout() {
  const base = useMountPath();
  const rest = useParams()['*'] ?? '';
  const isBalances = rest === '' || rest.startsWith('balances');
  return (
    <div className="k-app acc-app">
      <TreasurerOnly>
        <nav className="k-tabs acc-tabs k-no-print" aria-label="Comptabilité">
          {TABS.map((tab) => {
            // « Balances » stays current on a balance's rows and report.
            const active = tab.to === '' ? isBalances : rest === tab.to;
            return (
              <Link
                key={tab.to}
                to={tab.to ? `${base}/${tab.to}` : base}
                className={active ? 'k-tabs__link active' : 'k-tabs__link'}
                aria-current={active ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            );
          })}
        </nav>
        <Outlet context={base} />
      </TreasurerOnly>
    </div>
  );
}

function WithBase({ render }: { render: (base: string) => React.ReactNode }) {
  return render(
    useMountPath().replace(
      /\/(balances\/.*|bilan|disponibilites|previsionnel|journal|fete|dons|recus|adhesions|helloasso|banque|association)$/,
      '',
    ),
  );
}

/** The accounting remote's routes, relative to where the shell mounts them (`/comptabilite`). Exposed as `./App`. */
export default function App() {
  return (
    <Routes>
      <Route element={<AccountingLayout />}>
        <Route index element={<WithBase render={(base) => <TrialBalancesPage base={base} />} />} />
        <Route path="balances/:id" element={<WithBase render={(base) => <TrialBalanceRowsPage base={base} />} />} />
        <Route path="balances/:id/rapport" element={<WithBase render={(base) => <TrialBalanceReportPage base={base} />} />} />
        <Route path="bilan" element={<BilanPage />} />
        <Route path="disponibilites" element={<AvailabilityPage />} />
        <Route path="previsionnel" element={<ForecastPage />} />
        <Route path="journal" element={<WithBase render={(base) => <BooksPage base={base} />} />} />
        <Route path="fete" element={<FairResultPage />} />
        <Route path="dons" element={<DonationsPage />} />
        <Route path="recus" element={<ReceiptsPage />} />
        <Route path="adhesions" element={<MembershipsPage />} />
        <Route path="helloasso" element={<HelloAssoPage />} />
        <Route path="banque" element={<BankPage />} />
        <Route path="association" element={<AssociationPage />} />
        <Route path="*" element={<p className="k-muted">Page introuvable dans la comptabilité.</p>} />
      </Route>
    </Routes>
  );
}
