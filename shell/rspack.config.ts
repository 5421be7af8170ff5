/**
 * Build of the shell: its early script first (shell/src/early, without the federation runtime),
 * then the Module Federation host, served by the gateway at `/`.
 */
import { defineConfig } from '@rspack/cli';
import { earlyScriptConfig, frontEndConfig } from '@kermesse/ui-kit/rspack';

export default defineConfig([
  earlyScriptConfig(import.meta.url),
  { ...frontEndConfig(import.meta.url, { kind: 'host', name: 'kermesse_shell' }), name: 'shell', dependencies: ['early'] },
]);
