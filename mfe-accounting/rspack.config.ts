/** Build of the accounting remote `mfe_accounting`, served by the gateway at /remotes/mfe-accounting/. */
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '@kermesse/ui-kit/rspack';

export default defineConfig(frontEndConfig(import.meta.url, { kind: 'remote', name: 'mfe_accounting' }));
