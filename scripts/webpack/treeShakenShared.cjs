// Which shared singletons are tree-shaken, and what the remotes need of them: the host
// provides the union, read from each remote's shared-usage.json (build the remotes first).
const fs = require('node:fs');
const path = require('node:path');
const { USAGE_FILE } = require('./sharedTreeShaking.cjs');
const { INTERNALS } = require('./splitMantine.cjs');

const ROOT = path.join(__dirname, '..', '..');

/** Side-effect-free packages whose unused exports may leave what the host provides. */
const TREE_SHAKEN = ['@mantine/core', INTERNALS, 'react-router-dom', '@tanstack/react-query'];

/** Every built remote's needs, merged: package → export names. */
function remotesNeeds() {
  const union = {};
  for (const folder of fs.readdirSync(ROOT).filter((name) => name.startsWith('remote-'))) {
    const file = path.join(ROOT, folder, 'dist', USAGE_FILE);
    if (!fs.existsSync(file)) continue;
    const { needs } = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const [name, exports] of Object.entries(needs))
      union[name] = [...new Set([...(union[name] ?? []), ...exports])];
  }
  return union;
}

module.exports = { TREE_SHAKEN, remotesNeeds };
