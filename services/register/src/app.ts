import './events.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createServiceApp, type Logger } from '@kermesse/kit/http';
import { createSimulatorProvider } from './payments/simulator.ts';
import type { CardProvider } from './payments/provider.ts';
import type { RaffleClient } from './claimsClient.ts';
import type { BingoClient } from './claimsClient.ts';
import type { StaffDirectory } from './staffDirectory.ts';
import type { SecretBox } from '@kermesse/kit/secrets';
import { loadJournalKey } from './journal/journalKeyStore.ts';
import { complianceRoutes } from './routes/compliance/index.ts';
import { auditTrailRoutes } from './compliance/auditTrail.ts';
import { createSimulatorReaderAdmin, type ReaderAdmin } from './admin/cardReaders.ts';
import { backOfficeRoutes } from './admin/routes/index.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { cardRoutes } from './routes/cards/index.ts';
import { checkoutRoutes } from './routes/checkouts/index.ts';
import { drawerRoutes } from './routes/drawer/index.ts';
import { eventRoutes } from './routes/events/index.ts';
import { figuresRoutes } from './routes/figures/index.ts';
import { pingRoutes } from './routes/ping/index.ts';
import { publicRoutes } from './routes/public/index.ts';
import { refundRoutes } from './routes/refunds/index.ts';
import { saleRoutes } from './routes/sales/index.ts';
import { tillRoutes } from './routes/till/index.ts';
import { settingsRoutes } from './routes/settings/index.ts';
import { userRoutes } from './routes/users/index.ts';
import { registerPortability } from './portability.ts';

export interface RegisterDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
  /** Ticket claims (docs/platform.md); without it, sales with tickets or bets answer 503. */
  raffle?: RaffleClient;
  /** Loto carton claims; without it, sales with cartons answer 503. */
  bingo?: BingoClient;
  /** Card payments; the simulator by default. */
  cardProvider?: CardProvider;
  uploadsDir?: string;
  /** The other services keeping the association's files (the raffle's `RAFFLE_URL`): its storage quota counts them. */
  storagePeers?: readonly string[];
  publicUrl?: string;
  /** Called after a commit that recorded events (the outbox relay's wake). */
  wake?: () => void;
  /** Identity's accounts, asked before a right is granted; without it, granting answers 503. */
  staff?: StaffDirectory;
  /** Seals the sales journal's key in the database when no JOURNAL_HMAC_KEY is given (KERMESSE_SECRET_KEY). */
  secrets?: SecretBox;
  /** Card-reader pairing (back office); the simulator's when the provider is the simulator. */
  readerAdmin?: ReaderAdmin;
}

/** Uploaded product pictures when the server gives no folder (tests, tools). */
const DEFAULT_UPLOADS_DIR = path.join(tmpdir(), 'kermesse-register-uploads');

/** The register service's Koa app (no listen). */
export async function buildApp(deps: RegisterDeps): Promise<Koa> {
  const { db } = deps;
  await loadJournalKey(db, deps.secrets);
  const provider = deps.cardProvider ?? createSimulatorProvider(db);
  return createServiceApp({
    name: 'register',
    migrations: serviceMigrations,
    logger: deps.logger,
    db,
    bus: deps.bus,
    verifier: deps.verifier,
    portability: registerPortability({ uploadsDir: deps.uploadsDir ?? DEFAULT_UPLOADS_DIR, secrets: deps.secrets }),
    routers: [
      // First: it logs the changes and reprints the routes below answer (docs/compliance/conditions.md §5–6).
      auditTrailRoutes({ db }),
      publicRoutes({ db, uploadsDir: deps.uploadsDir ?? DEFAULT_UPLOADS_DIR, publicUrl: deps.publicUrl }),
      pingRoutes(),
      eventRoutes({ db }),
      figuresRoutes({ db }),
      checkoutRoutes({ db }),
      settingsRoutes({ db, cardProvider: provider.name }),
      userRoutes({ db }),
      saleRoutes({ db, logger: deps.logger, raffle: deps.raffle, bingo: deps.bingo, publicUrl: deps.publicUrl, wake: deps.wake }),
      cardRoutes({ db, provider }),
      refundRoutes({ db, wake: deps.wake, staff: deps.staff }),
      tillRoutes({ db, wake: deps.wake }),
      complianceRoutes({ db, secrets: deps.secrets }),
      drawerRoutes({ db }),
      adminRoutes({ db }),
      dashboardRoutes({ db, logger: deps.logger }),
      backOfficeRoutes({
        db,
        uploadsDir: deps.uploadsDir ?? DEFAULT_UPLOADS_DIR,
        wake: deps.wake,
        readers: deps.readerAdmin ?? (provider.name === 'simulator' ? createSimulatorReaderAdmin(db, provider) : undefined),
        storagePeers: deps.storagePeers,
      }),
    ],
  });
}
