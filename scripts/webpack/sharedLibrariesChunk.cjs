// The host's shared libraries in one chunk instead of one chunk each: every page loads all of
// them at start (the shell uses each), and one file compresses better than ten.
const fs = require('node:fs');
const path = require('node:path');

/** The package.json of `name` as seen from `fromDir`, or null. */
function packageJson(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return file;
    if (dir === path.dirname(dir)) return null;
  }
}

/** The packages and every package they depend on (pnpm: resolved from each one's real folder). */
function withDependencies(names, fromDir) {
  const found = new Set();
  const visit = (name, dir) => {
    if (found.has(name)) return;
    const file = packageJson(name, dir);
    if (!file) return;
    found.add(name);
    const real = path.dirname(fs.realpathSync(file));
    for (const dependency of Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).dependencies ?? {}))
      visit(dependency, real);
  };
  for (const name of names) visit(name, fromDir);
  return found;
}

/** The package a module file belongs to: the last node_modules/<name> of its path. */
function packageOf(resource) {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resource ?? '');
  return match ? match[1] : null;
}

/**
 * @param {string} dir the host's folder
 * @param {string[]} libraries the shared libraries the host provides (not workspace packages)
 * @param {string[]} [modules] other modules it provides with them (generated ones)
 */
module.exports = function sharedLibrariesChunk(dir, libraries, modules = []) {
  const packages = withDependencies(libraries, dir);
  const files = new Set(modules);
  return {
    splitChunks: {
      cacheGroups: {
        sharedLibraries: {
          test: (module) => packages.has(packageOf(module.resource)) || files.has(module.resource),
          name: 'shared-libraries',
          chunks: 'async',
          enforce: true,
          priority: 20,
        },
      },
    },
  };
};
