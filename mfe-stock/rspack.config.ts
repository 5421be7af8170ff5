/** Build of the stock and swap-meet remote `mfe_stock`, served by the gateway at /remotes/mfe-stock/. */
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '@kermesse/ui-kit/rspack';

export default defineConfig(frontEndConfig(import.meta.url, { kind: 'remote', name: 'mfe_stock' }));
