/** Build of the raffle and gift-basket remote `mfe_raffle`, served by the gateway at /remotes/mfe-raffle/. */
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '@kermesse/ui-kit/rspack';

export default defineConfig(frontEndConfig(import.meta.url, { kind: 'remote', name: 'mfe_raffle' }));
