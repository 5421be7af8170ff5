import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: server code against real Postgres and NATS, the front ends in
 * jsdom, and the browser end-to-end tests in Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          // Every answer of a defineRoute route is checked against its declared schema (kit's answerCheck.ts).
          env: { KERMESSE_CHECK_ANSWERS: '1' },
          include: [
            'services/**/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'cells/src/**/*.test.ts',
            'infra/src/**/*.test.ts',
            'contracts/*/src/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      // Front ends bring their own jsdom configs.
      '{shell,mfe-*}/vitest.config.ts',
      // Kubernetes manifests rendered by kubectl kustomize and checked against their schemas.
      'deploy/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          environment: 'node',
          // Passed on to the services the tests start: their answers are checked too.
          env: { KERMESSE_CHECK_ANSWERS: '1' },
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
