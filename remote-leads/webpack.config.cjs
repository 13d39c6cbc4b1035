const createAppConfig = require('../scripts/webpack/createAppConfig.cjs');

// name, dev port and exposed modules: shared/src/contract/remoteManifest.ts
module.exports = createAppConfig(__dirname);
