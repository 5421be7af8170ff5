/**
 * The deployment files' tests (rendered Kubernetes manifests, the images' compiled JavaScript), a project of the root vitest config
 * (`npx vitest run --config deploy/vitest.config.ts` alone).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['*.test.ts', 'k8s/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
