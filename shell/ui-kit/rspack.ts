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
import CompressionPlugin from 'compression-webpack-plugin';
import { constants as zlib, type BrotliOptions } from 'node:zlib';
import nodePath from 'node:path';
import { inlineStartup } from './inlineStartup.ts';

const require = createRequire(import.meta.url);
/** react-router's production ESM build, behind the shared facade (its package exports only name the development one). */
const reactRouterProduction = () =>
  fileURLToPath(new URL('./production/index.mjs', `file://${require.resolve('react-router').replace(/\/development\/[^/]*$/, '/')}`));
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
  'react-router': {
    singleton: true,
    requiredVersion: '^7.0.0',
    import: fileURLToPath(new URL('./reactRouterShared.js', import.meta.url)),
    version: reactRouterVersion(),
  },
  // A remote is deployed alone (docs/deploy.md): one built against an older kit of the same major
  // must still take the shell's copy without a warning, hence a range up to the next major (the kit
  // stays backward compatible within a major; ^0.1.0 would refuse 0.2.0).
  '@kermesse/ui-kit': { singleton: true, requiredVersion: '>=0.1.0 <1.0.0' },
};

/**
 * The shell bundles the singletons into its own main script (`eager`) and provides them to every
 * remote. A phone on slow 4G talks HTTP/1.1 to the gateway: six connections, and every request
 * pays the whole round trip (562 ms); React in `main` instead of in seven chunks asked once `main`
 * has run saves it round trips and queueing (first-visit LCP). Remotes stay lazy
 * consumers: they take the shell's copies, checked against their ranges. The shell itself only
 * ever takes the copy it bundles, so it asks no range (`requiredVersion: false`): checking its own
 * copy against itself cost a phone ~10 ms of semver parsing at start-up.
 */
const eagerShared = Object.fromEntries(
  Object.entries(sharedSingletons).map(([name, options]) => [name, { ...options, eager: true, requiredVersion: false as const }]),
);

/** Host and remotes take the copy already loaded on the page before asking for a newer one. */
export const shareStrategy = 'loaded-first' as const;

/**
 * The federation runtime exists once on the page (« speed on a phone »): the shell, a pure
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
      // The shell's early script is built just before, by its own configuration (earlyScriptConfig).
      clean:
        frontEnd.kind === 'host' ? { keep: (file: string) => isEarlyFile(here('./dist'), nodePath.relative(here('./dist'), file)) } : true,
    },
    // rspack's hint weighs raw files (the page carries the shell's start-up code); the
    // budget that matters is what a phone downloads, compressed: `npm run bench register-frontend`
    // prints it against the aim (≤ 200 KB gzip on the register page).
    performance: { hints: false },
    // A remote's exposed module is one file (and its CSS), not a few chunks shared with the others:
    // fewer requests on a phone's six HTTP/1.1 connections. Its lazy parts stay apart.
    ...(frontEnd.kind === 'remote' ? { optimization: { splitChunks: false as const } } : {}),
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
        // The barcode polyfill's WebAssembly (components/zxingDetector.ts): a file of the build, its URL
        // imported, served from our origin rather than the package's CDN.
        { test: /\.wasm$/, type: 'asset/resource', generator: { filename: named('wasm') } },
      ],
    },
    plugins: [
      ...(production ? [compileHint()] : []),
      ...(production ? precompressed() : []),
      // The shell's page carries its start-up files in production (inlineStartup.ts): not hinted.
      new ChunkListPlugin(frontEnd.kind, { pageCarriesEntry: production }),
      ...(frontEnd.kind === 'host' ? [new EarlyScriptTagPlugin(here('./dist'))] : []),
      ...(frontEnd.kind === 'host' && production ? [new InlineStartupPlugin(here('./dist'))] : []),
      // A remote's standalone page loads its own entry only, not remoteEntry.js.
      new rspack.HtmlRspackPlugin({ template: './index.html', ...(frontEnd.kind === 'remote' ? { chunks: ['main'] } : {}) }),
      new ModuleFederationPlugin({
        name: frontEnd.name,
        ...(frontEnd.kind === 'host'
          ? // Remotes come from /remotes.json at run time; the plugin stays for the shared singletons.
            { remotes: {} }
          : // Always this file name: the gateway's manifest points at /remotes/mfe-<domain>/remoteEntry.js.
            { filename: 'remoteEntry.js', exposes: { './App': './src/App.tsx' } }),
        shared: frontEnd.kind === 'host' ? eagerShared : sharedSingletons,
        shareStrategy,
        experiments: federationExperiments(frontEnd.kind),
        dts: false,
        manifest: false,
      }),
    ],
  };
}

/**
 * V8's explicit compile hint, first line of every script: compile all its functions on a background
 * thread while the file streams in, rather than each on the main thread at its first call — the
 * register's screen runs at start-up. On a phone's first visit that was about 60 ms less before the
 * register shows. Added after minification (which drops comments), before the source
 * maps and the compressed copies are written; the scripts written into the shell's page go without
 * it (inlineStartup.ts).
 */
function compileHint() {
  return new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/** Text assets the gateway serves compressed. */
const COMPRESSIBLE_ASSETS = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Brotli and gzip copies written beside each text asset at build time (`main.js.br`, `main.js.gz`):
 * the gateway sends the one the browser accepts, compressed once at the best levels instead of on
 * the fly — brotli is about 15 % smaller than gzip on our bundles, and every KB counts on a phone
 * on slow 4G.
 */
function precompressed() {
  return [
    new CompressionPlugin({
      test: COMPRESSIBLE_ASSETS,
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      filename: '[path][base].gz',
      threshold: 256,
      minRatio: 0.9,
    }),
    new CompressionPlugin<BrotliOptions>({
      test: COMPRESSIBLE_ASSETS,
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } },
      filename: '[path][base].br',
      threshold: 256,
      minRatio: 0.9,
    }),
  ];
}

/** Written by the shell's build: the files its page loads before its first render. */
export const STARTUP_CHUNKS_FILE = 'startup-chunks.json';
/** Written by each remote's build beside its remoteEntry.js: the files of each exposed module. */
export const EXPOSED_CHUNKS_FILE = 'exposed-chunks.json';

/**
 * Lists, for the gateway's preload hints, the files a page needs before it can show anything — so a
 * phone fetches them all while it parses the HTML, instead of discovering them one round trip (562 ms
 * on slow 4G) after another once the scripts run (first-visit LCP):
 * - the shell (`startup-chunks.json`): its entry's files (`["assets/main.….css", "assets/main.….js"]`)
 *   unless its page carries them (a production build, inlineStartup.ts), then any group its
 *   federation runtime loads at start (none while the singletons are eager);
 * - a remote (`exposed-chunks.json`, `{"./App": ["794.….js", "812.….css", …]}`): the files of each
 *   module it exposes, read from the build's ModuleFederationPlugin (a remote's config may replace
 *   the default one), shared singletons excepted (the shell provides them).
 */
class ChunkListPlugin {
  constructor(
    private readonly kind: 'host' | 'remote',
    private readonly options: { pageCarriesEntry: boolean },
  ) {}

  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkListPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const filesOf = (group: (typeof compilation.chunkGroups)[number]) =>
          [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((name) => /\.(js|css)$/.test(name));
        // Groups the federation runtime loads (shared modules, exposes) have neither a name nor an import() request.
        const federationGroups = compilation.chunkGroups.filter((group) => !group.name && !group.origins.some((origin) => origin.request));
        let list: unknown;
        if (this.kind === 'host') {
          // The page's own files first (its HTML names them too, but the hints are read before it),
          // unless the page carries them.
          const main = this.options.pageCarriesEntry ? undefined : compilation.entrypoints.get('main');
          list = [...new Set([...(main ? [main] : []), ...federationGroups].flatMap(filesOf))];
        } else {
          const federation = (compiler.options.plugins ?? []).find((plugin) => plugin instanceof ModuleFederationPlugin) as
            { _options?: { exposes?: Record<string, string> } } | undefined;
          const exposes: Record<string, string[]> = {};
          for (const [key, request] of Object.entries(federation?._options?.exposes ?? {})) {
            const file = nodePath.resolve(compiler.context, request);
            // A concatenated module names every module it holds in its identifier.
            const holding = federationGroups.filter((group) =>
              group.chunks.some((chunk) =>
                compilation.chunkGraph.getChunkModules(chunk).some((module) => module.identifier().includes(file)),
              ),
            );
            const smallest = holding.map(filesOf).sort((a, b) => a.length - b.length)[0];
            if (smallest) exposes[key] = smallest;
          }
          list = exposes;
        }
        const name = this.kind === 'host' ? STARTUP_CHUNKS_FILE : EXPOSED_CHUNKS_FILE;
        compilation.emitAsset(name, new rspack.sources.RawSource(`${JSON.stringify(list)}\n`));
      });
    });
  }
}

/** Where the shell's early script goes in `dist/` (`assets/early.<hash>.js`), and the file naming it. */
const EARLY_PREFIX = 'assets/early.';
const EARLY_LIST_FILE = 'early.json';
/** The early build's files, as its `early.json` lists them (with their .br/.gz copies): the shell's clean keeps them. */
function isEarlyFile(dist: string, relative: string): boolean {
  if (relative === EARLY_LIST_FILE) return true;
  let listed: string[];
  try {
    listed = JSON.parse(readFileSync(nodePath.join(dist, EARLY_LIST_FILE), 'utf8')) as string[];
  } catch {
    return false;
  }
  const file = relative.split(nodePath.sep).join('/');
  return listed.some((name) => file === name || file === `${name}.br` || file === `${name}.gz`);
}

/**
 * The shell's early script (shell/src/early): a few hundred bytes that start the opening page's
 * first GETs while the shell's big chunks download (first-visit LCP). Built by its own
 * configuration, before the shell's (`dependencies`), because in the shell's own compilation the
 * federation runtime would be added to it (~115 KB); it names its file in `dist/early.json`.
 */
export function earlyScriptConfig(configUrl: string): Configuration {
  const production = process.env.NODE_ENV !== 'development';
  const here = (path: string) => fileURLToPath(new URL(path, configUrl));
  return {
    name: 'early',
    context: here('.'),
    mode: production ? 'production' : 'development',
    devtool: false,
    target: ['web', 'es2022'],
    entry: { early: './src/early/index.ts' },
    output: { path: here('./dist'), publicPath: '/', filename: `${EARLY_PREFIX}[contenthash:10].js`, clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      ...(production ? precompressed() : []),
      {
        apply(compiler: import('@rspack/core').Compiler) {
          compiler.hooks.thisCompilation.tap('EarlyList', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'EarlyList', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
              const files = [...(compilation.entrypoints.get('early')?.getFiles() ?? [])].filter((file) => file.endsWith('.js'));
              compilation.emitAsset(EARLY_LIST_FILE, new rspack.sources.RawSource(`${JSON.stringify(files)}\n`));
            });
          });
        },
      },
    ],
  };
}

/**
 * Puts the early script first in the shell's page, as a plain script: it runs before `main` even
 * when both come from the cache (an `async` one could run after `main`'s long start and ask late).
 * Blocking the parser costs nothing: the gateway's preload hints have already asked every file; a
 * production build then writes it into the page (InlineStartupPlugin).
 */
class EarlyScriptTagPlugin {
  constructor(private readonly dist: string) {}

  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('EarlyScriptTagPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('EarlyScriptTagPlugin', async (data) => {
        let files: string[] = [];
        try {
          files = JSON.parse(readFileSync(nodePath.join(this.dist, EARLY_LIST_FILE), 'utf8')) as string[];
        } catch {
          // Built without its early script (a development build of the shell alone): the page asks for itself.
        }
        const tags = files.map((file) => ({ tagName: 'script', voidTag: false, attributes: { src: `/${file}` } }));
        return { ...data, headTags: [...tags, ...data.headTags] } as typeof data;
      });
    });
  }
}

/**
 * Writes the shell's start-up files into its page (production builds; see inlineStartup.ts): the
 * early script (built just before, read from `dist/`), the style sheet and `main`, as this build
 * finished them — minified, with their source map comment — and before the
 * compressed copies of the page are made.
 */
class InlineStartupPlugin {
  constructor(private readonly dist: string) {}

  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('InlineStartupPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'InlineStartupPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const page = compilation.getAsset('index.html');
        if (!page) return;
        const read = (file: string): string | undefined => {
          const asset = compilation.getAsset(file);
          if (asset) return asset.source.source().toString();
          if (!file.startsWith(EARLY_PREFIX)) return undefined;
          try {
            return readFileSync(nodePath.join(this.dist, file), 'utf8');
          } catch {
            return undefined;
          }
        };
        const { html, scripts } = inlineStartup(page.source.source().toString(), read);
        if (!scripts.some((file) => !file.startsWith(EARLY_PREFIX))) {
          compilation.errors.push(
            new Error('InlineStartupPlugin: le script principal du shell n’a pas été trouvé dans index.html') as never,
          );
        }
        compilation.updateAsset('index.html', new rspack.sources.RawSource(html));
      });
    });
  }
}
