/** `@kermesse/kit/bus`: NATS JetStream, the event catalogue and envelopes, the outbox and its relay, consumers. */
export * from './eventSchemas.ts';
export * from './envelope.ts';
export * from './bus.ts';
export * from './outbox.ts';
export * from './consumer.ts';
