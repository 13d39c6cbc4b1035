// The one webpack + module-federation configuration all five apps use. Each app's
// webpack.config.cjs passes only its folder: its name, dev port and exposed modules come from
// the remote manifest (shared/src/contract/remoteManifest.ts).
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const baseConfig = require('./baseConfig.cjs');
const sharedDependencies = require('./sharedDependencies.cjs');
const { SharedTreeShakingPlugin } = require('./sharedTreeShaking.cjs');
const { SplitMantinePlugin, writeHostInternals, INTERNALS } = require('./splitMantine.cjs');
const { TREE_SHAKEN, remotesNeeds } = require('./treeShakenShared.cjs');
const devServerOptions = require('./devServerOptions.cjs');
const { appInFolder, HOST_APP, REMOTE_MANIFEST } = require('./remoteManifest.cjs');
const sharedLibrariesChunk = require('./sharedLibrariesChunk.cjs');

/** What the host shares, so always provides: its own dependencies and the shared package. */
const HOST_PROVIDES = new Set([...Object.keys(require('../../host/package.json').dependencies)]);

/** Each app's dependencies, by its folder. */
const APP_DEPENDENCIES = Object.fromEntries(
  [HOST_APP.folder, ...REMOTE_MANIFEST.map((remote) => remote.folder)].map((folder) => [
    folder,
    require(path.join(__dirname, '../..', folder, 'package.json')).dependencies,
  ]),
);

/** The runtime-core package folder (its main file is dist/index.cjs). */
const FEDERATION_RUNTIME_CORE = path.join(
  path.dirname(
    require.resolve('@module-federation/runtime-core', {
      paths: [require.resolve('@module-federation/enhanced')],
    }),
  ),
  '..',
);

/** The webpack bundler runtime's dist folder, and what remotes use instead of it (from the host). */
const BUNDLER_RUNTIME_DIST = path.dirname(
  require.resolve('@module-federation/webpack-bundler-runtime', {
    paths: [require.resolve('@module-federation/enhanced')],
  }),
);
const INIT_CONTAINER_ENTRY = '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

/** Not shared, but used by the shell on every page: loaded with the shared libraries. */
const SHELL_LIBRARIES = ['@tabler/icons-react', '@mantine/hooks'];

/** A shared library from the registry (not the workspace's own package, not a subpath key). */
const isLibrary = (key) => !key.endsWith('/') && !key.startsWith('@auditdesk/') && key !== INTERNALS;

/**
 * The share of the host's Mantine names the package does not export, which the remotes' copies
 * of the components the host does not use take from it (splitMantine.cjs).
 */
function mantineInternals(dir, isHost) {
  const { version } = require(
    path.join(fs.realpathSync(path.join(dir, 'node_modules/@mantine/core')), 'package.json'),
  );
  return {
    singleton: true,
    requiredVersion: version,
    ...(isHost ? { import: writeHostInternals(dir), version } : { import: false }),
  };
}

/** The dev server's port: PORT when it is a port number, else the app's own. */
function devPort(own) {
  const asked = Number(process.env.PORT);
  return Number.isInteger(asked) && asked > 0 && asked < 65536 ? asked : own;
}

/** @param {string} dir the app's folder (its __dirname) */
module.exports = function createAppConfig(dir) {
  const app = { dir, ...appInFolder(dir) };
  const { name, title, port, exposes } = app;
  const isHost = !exposes;
  const { dependencies } = require(path.join(dir, 'package.json'));

  const config = (_env, argv) => {
    const production = argv.mode === 'production';
    const shared = sharedDependencies(dependencies, {
      fromHost: production && !isHost ? HOST_PROVIDES : undefined,
      otherApps: Object.entries(APP_DEPENDENCIES)
        .filter(([folder]) => folder !== path.basename(dir))
        .map(([, other]) => other),
    });
    if (production) shared[INTERNALS] = mantineInternals(dir, isHost);
    // CSS into files in production, the remotes' too (mantine-react-table's and the dates'
    // styles were 27 KB gzip of /leads's JavaScript): webpack's CSS loading fetches a chunk's
    // CSS with the chunk, the exposed page's included, before the chunk's code runs.
    const base = baseConfig({
      dir,
      entry: './src/index.ts',
      title,
      production,
      extractCss: production,
    });
    return {
      ...base,
      resolve: {
        ...base.resolve,
        // the ES module build, the one the bundler runtime imports (see provideFederationRuntime.mjs)
        alias: {
          '@module-federation/runtime-core$': FEDERATION_RUNTIME_CORE,
          [`${INIT_CONTAINER_ENTRY}$`]: path.join(BUNDLER_RUNTIME_DIST, 'initContainerEntry.js'),
        },
      },
      output: {
        ...base.output,
        // The host is served at / with history fallback, so nested routes need
        // absolute chunk URLs; a remote works from wherever its manifest is.
        publicPath: isHost ? '/' : 'auto',
        // MF entry files keep stable names (a content hash here is not supported);
        // they are served no-cache, the hashed chunks immutable.
        filename: '[name].js',
        uniqueName: name,
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared,
          // 'version-first' would fetch every remote at boot; one dead remote would
          // then blank the whole host.
          shareStrategy: 'loaded-first',
          // the host's manifest says which shared versions the live host provides: a release's
          // compatibility check reads it (server/src/features/releases/compatibility.ts)
          manifest: true,
          dts: false,
          // One federation runtime on the page: the host's. Remotes built for production
          // leave theirs out (their standalone dev servers keep their own).
          ...(production && isHost
            ? { runtimePlugins: [require.resolve('./provideFederationRuntime.mjs')] }
            : {}),
          experiments: {
            ...(production && !isHost ? { externalRuntime: true } : {}),
            optimization: {
              // no Node.js code paths in a browser build
              target: 'web',
              // a remote loads no remotes of its own: its entry leaves that code out
              ...(isHost ? {} : { disableRemote: true }),
            },
          },
        }),
        ...base.plugins,
        // the bundler runtime the federation entry imports becomes the host's (hostBundlerRuntime.mjs)
        // the Mantine parts the host does not use: the remote's own (splitMantine.cjs)
        ...(production && !isHost ? [new SplitMantinePlugin(dir)] : []),
        ...(production && !isHost
          ? [
              new webpack.NormalModuleReplacementPlugin(
                /webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/,
                require.resolve('./hostBundlerRuntime.mjs'),
              ),
            ]
          : []),
        ...(production
          ? [
              new SharedTreeShakingPlugin({
                packages: TREE_SHAKEN,
                alsoProvide: isHost ? remotesNeeds() : {},
              }),
            ]
          : []),
      ],
      ...(production && isHost
        ? {
            optimization: sharedLibrariesChunk(
              dir,
              [...Object.keys(shared).filter(isLibrary), ...SHELL_LIBRARIES],
              [shared[INTERNALS].import],
            ),
          }
        : {}),
      // `PORT=3011 pnpm --filter remote-leads dev` moves one app; `pnpm dev` gives each its --port
      devServer: devServerOptions({ port: devPort(port), isHost }),
    };
  };
  // Tools that build the same apps another way (the single-bundle benchmark) read this.
  config.app = app;
  return config;
};
