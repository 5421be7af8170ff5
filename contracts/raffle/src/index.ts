/** @kermesse/contracts-raffle — the raffle's and gift baskets' shapes, error codes and pure rules (service and remote). */
export * from './schemas.ts';
export * from './answers.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './drawing.ts';
export * from './prizeRules.ts';
export * from './tierRules.ts';
export * from './gate.ts';
export * from './gateCode.ts';
