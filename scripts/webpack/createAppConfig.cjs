// The one webpack + module-federation configuration all five apps use. Each app's
// webpack.config.cjs passes only its name, dev port and exposed modules.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const swcOptions = require('../swcOptions.cjs');
const sharedDependencies = require('./sharedDependencies.cjs');
const devServerOptions = require('./devServerOptions.cjs');

/** Where an app's production source maps go: beside its dist folder, not inside it. */
const SOURCE_MAPS_FOLDER = 'dist-sourcemaps';

/** Full source maps written to `<app>/dist-sourcemaps/`, emptied before each build. */
function privateSourceMaps(dir) {
  const folder = path.join(dir, SOURCE_MAPS_FOLDER);
  return [
    {
      apply: (compiler) =>
        compiler.hooks.beforeRun.tap('PrivateSourceMaps', () => fs.rmSync(folder, { recursive: true, force: true })),
    },
    new webpack.SourceMapDevToolPlugin({
      filename: `../${SOURCE_MAPS_FOLDER}/[file].map`,
      append: false,
      test: /\.(js|css)$/,
    }),
  ];
}

/**
 * @param {object} app
 * @param {string} app.dir         the app's folder (its __dirname)
 * @param {string} app.name        the federation container name (host, remote_leads, …)
 * @param {string} app.title       the page title when the app runs on its own
 * @param {number} app.port        dev-server port
 * @param {Record<string, string>} [app.exposes]  remotes only: module name → file
 */
module.exports = function createAppConfig({ dir, name, title, port, exposes }) {
  const isHost = !exposes;
  const { dependencies } = require(path.join(dir, 'package.json'));

  return (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      context: dir,
      entry: './src/index.ts',
      // Production maps carry the full sources: they go next to dist, never into the
      // served folder, and the code does not point at them.
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // The host is served at / with history fallback, so nested routes need
        // absolute chunk URLs; a remote works from wherever its manifest is.
        publicPath: isHost ? '/' : 'auto',
        // MF entry files keep stable names (a content hash here is not supported);
        // they are served no-cache, the hashed chunks immutable.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions({ development: !production }) },
          },
          {
            test: /\.css$/,
            // The host extracts its CSS (Mantine's, once for the page); remotes inject
            // the little CSS they own so the federation runtime needs no CSS loading.
            use: [isHost && production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedDependencies(dependencies),
          // 'version-first' would fetch every remote at boot; one dead remote would
          // then blank the whole host.
          shareStrategy: 'loaded-first',
          manifest: !isHost,
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
        }),
        ...(isHost && production
          ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })]
          : []),
        ...(production ? privateSourceMaps(dir) : []),
      ],
      performance: { hints: false },
      devServer: devServerOptions({ port, isHost }),
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
};
