/** Unit and component tests of the shell and its UI kit (jsdom). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { JSDOM_EXEC_ARGV } from '../vitest.jsdom.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'shell',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'ui-kit/src/**/*.test.{ts,tsx}', 'ui-kit/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    execArgv: JSDOM_EXEC_ARGV,
  },
});
