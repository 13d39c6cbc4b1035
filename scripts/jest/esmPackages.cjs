// Node 20's jest cannot require() an ES module, and more dependencies ship ESM only each
// year (jose, cookie, content-disposition, …). Rather than keep a list by hand, find the
// installed packages that declare "type": "module" so jest compiles exactly those.
const fs = require('node:fs');
const path = require('node:path');

function packageDirs(storeDir) {
  const dirs = [];
  for (const entry of fs.readdirSync(storeDir)) {
    const modules = path.join(storeDir, entry, 'node_modules');
    if (!fs.existsSync(modules)) continue;
    for (const name of fs.readdirSync(modules)) {
      if (name.startsWith('@')) {
        for (const scoped of fs.readdirSync(path.join(modules, name)))
          dirs.push([`${name}/${scoped}`, path.join(modules, name, scoped)]);
      } else if (name !== '.bin') {
        dirs.push([name, path.join(modules, name)]);
      }
    }
  }
  return dirs;
}

/** @param {string} rootDir @returns {string[]} */
module.exports = function esmPackages(rootDir) {
  const store = path.join(rootDir, 'node_modules', '.pnpm');
  if (!fs.existsSync(store)) return [];
  const names = new Set();
  for (const [name, dir] of packageDirs(store)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.type === 'module') names.add(name);
    } catch {
      // not a package folder
    }
  }
  return [...names];
};
