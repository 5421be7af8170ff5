/** Build of the shell: the Module Federation host, served by the gateway at `/`. */
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '@kermesse/ui-kit/rspack';

export default defineConfig(frontEndConfig(import.meta.url, { kind: 'host', name: 'kermesse_shell' }));
