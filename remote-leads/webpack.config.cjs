const createAppConfig = require('../scripts/webpack/createAppConfig.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'remote_leads',
  title: 'Leads · Auditdesk',
  port: 3001,
  exposes: { './LeadsPage': './src/leads/LeadsPage.tsx' },
});
