// The libraries host and remotes must share as singletons: one React, one router,
// one QueryClient, one auth store, one Mantine theme on the page. Not @mantine/hooks: plain
// functions with no context or module state, so each app bundles the hooks it uses, cut as
// an ordinary bundle cuts them (shared, the host provided 38 of them whole to every route).
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react-dom',
  // react-router-dom re-exports react-router: sharing only the former lets the host's copy
  // be tree-shaken (see treeShakenShared.cjs); import the router from react-router-dom.
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  '@mantine/core',
  '@mantine/dates',
  '@mantine/charts',
  '@mantine/notifications',
  'dayjs',
];

// React's entry points beyond the package root (jsx-runtime, client) must resolve to
// the same copy, hence the trailing-slash keys.
const SUBPATH_KEYS = { 'react/': 'react', 'react-dom/': 'react-dom' };

/**
 * @param {Record<string, string>} dependencies the app's package.json dependencies
 * @param {{ fromHost?: Set<string>, otherApps?: Record<string, string>[] }} [options]
 *   fromHost: packages the host always provides: a remote's production build takes them from
 *   the host and bundles no copy of its own. otherApps: the other apps' dependencies, when
 *   known: a library no other app uses is not shared (sharing one provides it whole, and
 *   one app's copy is a singleton anyway; @mantine/dates and dayjs were 10 KB of /leads).
 */
module.exports = function sharedDependencies(dependencies, { fromHost = new Set(), otherApps } = {}) {
  const usedElsewhere = (name) => !otherApps || otherApps.some((other) => Boolean(other[name]));
  /** @type {Record<string, object>} */
  const shared = {};
  for (const name of SINGLETONS) {
    if (dependencies[name] && usedElsewhere(name))
      shared[name] = { singleton: true, requiredVersion: dependencies[name] };
  }
  for (const [key, pkg] of Object.entries(SUBPATH_KEYS)) {
    if (dependencies[pkg]) shared[key] = { singleton: true, requiredVersion: dependencies[pkg] };
  }
  // A workspace package has no semver range ("workspace:*"), so its real version is given.
  const sharedPackage = require(path.join(__dirname, '../../shared/package.json'));
  shared[sharedPackage.name] = {
    singleton: true,
    version: sharedPackage.version,
    requiredVersion: sharedPackage.version,
  };
  for (const [key, config] of Object.entries(shared)) {
    if (fromHost.has(key.replace(/\/$/, ''))) config.import = false;
  }
  return shared;
};
