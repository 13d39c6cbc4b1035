// What every browser build here shares, with or without module federation: SWC for
// TypeScript, CSS, the page template, and source maps kept out of the served folder.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const swcOptions = require('../swcOptions.cjs');

/** Where an app's production source maps go: beside its dist folder, not inside it. */
const SOURCE_MAPS_FOLDER = 'dist-sourcemaps';

/** Full source maps written to `<outputPath>/../dist-sourcemaps/`, emptied before each build. */
function privateSourceMaps(outputPath) {
  const folder = path.join(outputPath, '..', SOURCE_MAPS_FOLDER);
  return [
    {
      apply: (compiler) =>
        compiler.hooks.beforeRun.tap('PrivateSourceMaps', () =>
          fs.rmSync(folder, { recursive: true, force: true }),
        ),
    },
    new webpack.SourceMapDevToolPlugin({
      filename: `../${SOURCE_MAPS_FOLDER}/[file].map`,
      append: false,
      test: /\.(js|css)$/,
    }),
  ];
}

/**
 * @param {object} options
 * @param {string} options.dir          the app's folder
 * @param {string} options.entry        entry module, relative to `dir`
 * @param {string} options.title        the page title
 * @param {boolean} options.production
 * @param {boolean} options.extractCss  CSS into files (else injected by JS)
 * @param {string} [options.outputPath] default `<dir>/dist`
 */
module.exports = function baseConfig({ dir, entry, title, production, extractCss, outputPath }) {
  const output = outputPath ?? path.join(dir, 'dist');
  return {
    context: dir,
    entry,
    // Production maps carry the full sources: they go next to dist, never into the
    // served folder, and the code does not point at them.
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: output,
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
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
          use: [extractCss ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title }),
      ...(extractCss ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })] : []),
      ...(production ? privateSourceMaps(output) : []),
    ],
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
  };
};
