/**
 * The one rspack configuration of Kermesse's front ends (Node side only): the shell (Module
 * Federation host) and every remote are built the same way, with the same shared singletons, so
 * React, the router and the UI kit exist once on the page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Configuration } from '@rspack/core';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);
/** react-router's production ESM build, behind the shared facade (its package exports only name the development one). */
const reactRouterProduction = () => fileURLToPath(new URL('./production/index.mjs', `file://${require.resolve('react-router').replace(/\/development\/[^/]*$/, '/')}`));
function reactRouterVersion(): string {
  const entry = require.resolve('react-router');
  const manifest = entry.slice(0, entry.lastIndexOf('/dist/')) + '/package.json';
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  // `react-dom/` (with the slash) shares `react-dom/client`; the bare name is listed too because
  // react-dom/client and createPortal import it, and two copies of ReactDOM must never coexist.
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
  // Only the names the front ends use (reactRouterShared.js), not the whole package: −45 KB gzip.
  'react-router': { singleton: true, requiredVersion: '^7.0.0', import: fileURLToPath(new URL('./reactRouterShared.js', import.meta.url)), version: reactRouterVersion() },
  // A remote is deployed alone (docs/deploy.md): one built against an older kit of the same major
  // must still take the shell's copy without a warning, hence a range up to the next major (the kit
  // stays backward compatible within a major; ^0.1.0 would refuse 0.2.0).
  '@kermesse/ui-kit': { singleton: true, requiredVersion: '>=0.1.0 <1.0.0' },
};

/** Host and remotes take the copy already loaded on the page before asking for a newer one. */
export const shareStrategy = 'loaded-first' as const;

/**
 * The federation runtime exists once on the page (issue 15, « speed on a phone »): the shell, a pure
 * host, provides its runtime core (`provideExternalRuntime`) and every remote entry uses it
 * (`externalRuntime`) instead of carrying its own ~30 KB gzip copy; no build needs the manifest
 * snapshot code. A remote's standalone page (`main`) therefore only runs inside the shell's page.
 */
export const federationExperiments = (kind: 'host' | 'remote') => ({
  ...(kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true }),
  optimization: { disableSnapshot: true, target: 'web' as const },
});

export type FrontEnd =
  /** The shell, served at `/` and reached through deep links: assets need absolute URLs. */
  | { kind: 'host'; name: string }
  /** A remote `mfe_<domain>` whose remoteEntry.js the gateway serves at /remotes/mfe-<domain>/. */
  | { kind: 'remote'; name: string };

/**
 * The build of one front end. `configUrl` is the config file's `import.meta.url`: sources, index.html
 * and `dist/` are found beside it.
 */
export function frontEndConfig(configUrl: string, frontEnd: FrontEnd): Configuration {
  const production = process.env.NODE_ENV !== 'development';
  const here = (path: string) => fileURLToPath(new URL(path, configUrl));
  const assets = frontEnd.kind === 'host' ? 'assets/' : '';
  const named = (ext: string) => `${assets}[name]${production ? '.[contenthash:10]' : ''}.${ext}`;
  return {
    context: here('.'),
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    target: ['web', 'es2022'],
    // For a remote, `main` is a standalone page for working on its screens without the shell.
    entry: { main: './src/index.ts' },
    output: {
      path: here('./dist'),
      // A remote's chunks are fetched next to its remoteEntry.js, wherever the gateway serves it.
      publicPath: frontEnd.kind === 'host' ? '/' : 'auto',
      // Unique across every build loaded on the page (the host's name already says kermesse).
      uniqueName: frontEnd.kind === 'host' ? frontEnd.name : `kermesse_${frontEnd.name}`,
      filename: named('js'),
      chunkFilename: named('js'),
      cssFilename: named('css'),
      cssChunkFilename: named('css'),
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { '@kermesse/react-router-impl$': reactRouterProduction() } },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      // A remote's standalone page loads its own entry only, not remoteEntry.js.
      new rspack.HtmlRspackPlugin({ template: './index.html', ...(frontEnd.kind === 'remote' ? { chunks: ['main'] } : {}) }),
      new ModuleFederationPlugin({
        name: frontEnd.name,
        ...(frontEnd.kind === 'host'
          // Remotes come from /remotes.json at run time; the plugin stays for the shared singletons.
          ? { remotes: {} }
          // Always this file name: the gateway's manifest points at /remotes/mfe-<domain>/remoteEntry.js.
          : { filename: 'remoteEntry.js', exposes: { './App': './src/App.tsx' } }),
        shared: sharedSingletons,
        shareStrategy,
        experiments: federationExperiments(frontEnd.kind),
        dts: false,
        manifest: false,
      }),
    ],
  };
}
