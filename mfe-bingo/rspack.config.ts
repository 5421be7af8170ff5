/** Build of the loto remote `mfe_bingo`, served by the gateway at /remotes/mfe-bingo/ and mounted at /loto. */
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '@kermesse/ui-kit/rspack';

export default defineConfig(frontEndConfig(import.meta.url, { kind: 'remote', name: 'mfe_bingo' }));
