const createAppConfig = require('../scripts/webpack/createAppConfig.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'remote_admin',
  title: 'Admin · Auditdesk',
  port: 3004,
  exposes: {
    './UserManagementPage': './src/user-management/UserManagementPage.tsx',
    './CloudflareResourcesPage': './src/resources/CloudflareResourcesPage.tsx',
    './RedisResourcesPage': './src/resources/RedisResourcesPage.tsx',
    './ReleasesPage': './src/releases/ReleasesPage.tsx',
  },
});
