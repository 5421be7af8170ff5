/** Build of the shell: the Module Federation host, served by the gateway at `/`. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { shareStrategy, sharedSingletons } from '@kermesse/ui-kit/federation';

const production = process.env.NODE_ENV !== 'development';

export default defineConfig({
  context: fileURLToPath(new URL('.', import.meta.url)),
  mode: production ? 'production' : 'development',
  devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  target: ['web', 'es2022'],
  entry: { main: './src/index.ts' },
  output: {
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    // Served at `/` and reached through deep links such as /caisse/jeton: assets need absolute URLs.
    publicPath: '/',
    uniqueName: 'kermesse_shell',
    filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
    chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
    cssFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
    cssChunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
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
    new rspack.HtmlRspackPlugin({ template: './index.html' }),
    new ModuleFederationPlugin({
      name: 'kermesse_shell',
      // Remotes come from /remotes.json at run time; the plugin stays for the shared singletons.
      remotes: {},
      shared: sharedSingletons,
      shareStrategy,
      dts: false,
      manifest: false,
    }),
  ],
});
