/** Component tests of the raffle remote (jsdom). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { JSDOM_EXEC_ARGV } from '../vitest.jsdom.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'mfe-raffle',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    execArgv: JSDOM_EXEC_ARGV,
  },
});
