/**
 * The events the register reads (ARCHITECTURE §2): raffle and gift-basket configurations become
 * ticket products, loto nights (`bingo.configured`) carton products, stock alerts flag product tiles.
 * Each consumer is durable and inbox-protected, so a redelivered event changes nothing.
 */
import '../events.ts';
import { startConsumer, type Bus, type EventConsumer, type EventEnvelope, type EventType } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { applyGiftBasketConfigured } from '../commands/applyGiftBasketConfigured.ts';
import { applyRaffleConfigured } from '../commands/applyRaffleConfigured.ts';
import { applyStockAlert } from '../commands/applyStockAlert.ts';
import { applyBingoConfigured } from '../commands/applyBingoConfigured.ts';
import { logAccountCreated, logSignIn, logSignInFailure, logTokensRevoked } from '../compliance/identityEvents.ts';

export interface RegisterConsumers {
  stop(): Promise<void>;
}

export async function startRegisterConsumers(deps: { db: Db; bus: Bus; logger: Logger }): Promise<RegisterConsumers> {
  const { db, bus, logger } = deps;
  const consume = <T extends EventType>(name: string, type: T, handle: (event: EventEnvelope<T>, trx: Trx) => Promise<void>) =>
    startConsumer({ db, bus, logger, name, type, handle });
  // Started one after the other, as each creates its durable consumer on the stream.
  const consumers: EventConsumer[] = [
    await consume('register-raffle-configured', 'raffle.configured', (event, trx) =>
      applyRaffleConfigured(trx, event.payload, event.occurredAt),
    ),
    await consume('register-giftbasket-configured', 'giftbasket.configured', (event, trx) =>
      applyGiftBasketConfigured(trx, event.payload, event.occurredAt),
    ),
    await consume('register-bingo-configured', 'bingo.configured', (event, trx) =>
      applyBingoConfigured(trx, event.payload, event.occurredAt),
    ),
    await consume('register-stock-alert', 'stock.alert', (event, trx) => applyStockAlert(trx, event.payload)),
    // The technical event log (docs/compliance/conditions.md §5).
    await consume('register-log-signin', 'user.signed.in', async (event, trx) => void (await logSignIn(trx, event))),
    await consume('register-log-signin-failed', 'user.signin.failed', async (event, trx) => void (await logSignInFailure(trx, event))),
    await consume('register-log-user-created', 'user.created', async (event, trx) => void (await logAccountCreated(trx, event))),
    await consume('register-log-tokens-revoked', 'user.tokens.revoked', async (event, trx) => void (await logTokensRevoked(trx, event))),
  ];
  return {
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
