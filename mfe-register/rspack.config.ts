/**
 * Build of the cash-register remote `mfe_register`, served by the gateway at /remotes/mfe-register/.
 * Three exposed modules: `./App` (the register, for cashiers), `./Admin` (the back office, loaded by
 * the shell only for administrators) and `./Dashboard` (the live dashboard, for admins and
 * treasurers) — their code sits in their own chunks, never on the register page.
 */
import { defineConfig } from '@rspack/cli';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationExperiments, frontEndConfig, sharedSingletons, shareStrategy } from '@kermesse/ui-kit/rspack';

const config = frontEndConfig(import.meta.url, { kind: 'remote', name: 'mfe_register' });
config.plugins = [
  ...(config.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
  new ModuleFederationPlugin({
    name: 'mfe_register',
    filename: 'remoteEntry.js',
    exposes: { './App': './src/App.tsx', './Admin': './src/admin/Admin.tsx', './Dashboard': './src/dashboard/Dashboard.tsx' },
    shared: sharedSingletons,
    shareStrategy,
    experiments: federationExperiments('remote'),
    dts: false,
    manifest: false,
  }),
];

export default defineConfig(config);
