/** Build of the stock and swap-meet remote `mfe_stock`, served by the gateway at /remotes/mfe-stock/. */
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
  // The standalone page, for working on the stock screens without the shell.
  entry: { main: './src/index.ts' },
  output: {
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    // Chunks are fetched next to remoteEntry.js, wherever the gateway serves it.
    publicPath: 'auto',
    uniqueName: 'kermesse_mfe_stock',
    filename: production ? '[name].[contenthash:10].js' : '[name].js',
    chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
    cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
    cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
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
    new rspack.HtmlRspackPlugin({ template: './index.html', chunks: ['main'] }),
    new ModuleFederationPlugin({
      name: 'mfe_stock',
      // Always this name: the gateway's manifest points at /remotes/mfe-stock/remoteEntry.js.
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      shared: sharedSingletons,
      shareStrategy,
      dts: false,
      manifest: false,
    }),
  ],
});
