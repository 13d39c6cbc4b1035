// The remote manifest (shared/src/contract/remoteManifest.ts) for the CommonJS webpack configs.
const path = require('node:path');

const MANIFEST = path.join(__dirname, '../../shared/src/contract/remoteManifest.ts');

/** Under jest or tsx the file is compiled on require; plain Node 20 (the webpack CLI) needs tsx. */
function requireManifest() {
  try {
    return require(MANIFEST);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return require('tsx/cjs/api').require(MANIFEST, __filename);
  }
}

/** @type {typeof import('../../shared/src/contract/remoteManifest')} */
const manifest = requireManifest();

/**
 * What the webpack factory needs of the app in this folder: its container name, page title,
 * dev port and (a remote) the modules it exposes, module name → file.
 * @param {string} dir the app's folder
 */
function appInFolder(dir) {
  const folder = path.basename(dir);
  const { HOST_APP, REMOTE_MANIFEST } = manifest;
  if (folder === HOST_APP.folder)
    return { name: HOST_APP.name, title: HOST_APP.label, port: HOST_APP.devPort };
  const remote = REMOTE_MANIFEST.find((entry) => entry.folder === folder);
  if (!remote) throw new Error(`${folder} is not in shared/src/contract/remoteManifest.ts`);
  return {
    name: remote.name,
    title: `${remote.label} · ${HOST_APP.label}`,
    port: remote.devPort,
    exposes: Object.fromEntries(remote.pages.map((page) => [page.module, page.file])),
  };
}

module.exports = { ...manifest, appInFolder };
