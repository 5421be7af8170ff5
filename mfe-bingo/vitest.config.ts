/** Component tests of the loto remote (jsdom). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { JSDOM_EXEC_ARGV } from '../vitest.jsdom.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'mfe-bingo',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // 180 seat buttons in jsdom on a shared, loaded machine.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
    execArgv: JSDOM_EXEC_ARGV,
  },
});
