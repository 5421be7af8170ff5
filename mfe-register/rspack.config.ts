/**
 * Build of the cash-register remote `mfe_register`, served by the gateway at /remotes/mfe-register/.
 * Two exposed modules: `./App` (the register, for cashiers) and `./Admin` (the back office, loaded by
 * the shell only for administrators — its code sits in its own chunks, never on the register page).
 */
import { defineConfig } from '@rspack/cli';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { frontEndConfig, sharedSingletons, shareStrategy } from '@kermesse/ui-kit/rspack';

const config = frontEndConfig(import.meta.url, { kind: 'remote', name: 'mfe_register' });
config.plugins = [
  ...(config.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
  new ModuleFederationPlugin({
    name: 'mfe_register',
    filename: 'remoteEntry.js',
    exposes: { './App': './src/App.tsx', './Admin': './src/admin/Admin.tsx' },
    shared: sharedSingletons,
    shareStrategy,
    dts: false,
    manifest: false,
  }),
];

export default defineConfig(config);
