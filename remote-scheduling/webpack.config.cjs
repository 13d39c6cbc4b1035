const createAppConfig = require('../scripts/webpack/createAppConfig.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'remote_scheduling',
  title: 'Scheduling · Auditdesk',
  port: 3002,
  exposes: {
    './SchedulingPage': './src/scheduling/SchedulingPage.tsx',
    './AgendaPage': './src/agenda/AgendaPage.tsx',
  },
});
