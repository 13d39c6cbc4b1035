const createAppConfig = require('../scripts/webpack/createAppConfig.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'remote_sync',
  title: 'Calendar Sync · Auditdesk',
  port: 3003,
  exposes: { './SyncPage': './src/sync/SyncPage.tsx' },
});
