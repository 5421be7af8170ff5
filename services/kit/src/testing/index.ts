/** `@kermesse/kit/testing`: what every service's tests share (real Postgres and NATS, test tokens, a test bed). */
export * from './resources.ts';
export * from './tokens.ts';
export * from './system.ts';
export * from './register.ts';
export * from './hosted.ts';
