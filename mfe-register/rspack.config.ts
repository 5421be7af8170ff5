/** Build of the cash-register remote `mfe_register`, served by the gateway at /remotes/mfe-register/. */
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '@kermesse/ui-kit/rspack';

export default defineConfig(frontEndConfig(import.meta.url, { kind: 'remote', name: 'mfe_register' }));
