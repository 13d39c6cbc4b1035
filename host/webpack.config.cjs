const createAppConfig = require('../scripts/webpack/createAppConfig.cjs');

module.exports = createAppConfig({ dir: __dirname, name: 'host', title: 'Auditdesk', port: 3000 });
