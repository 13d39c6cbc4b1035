// Dev servers: remotes answer cross-origin (the host on :3000 fetches their manifest);
// the host forwards API, hub and /remotes.json to the Node server, which in dev mode
// points the remotes at their own dev servers.
const API_TARGET = process.env.AUDITDESK_API_URL ?? 'http://localhost:8080';

/** @param {{ port: number, isHost: boolean }} options */
module.exports = function devServerOptions({ port, isHost }) {
  return {
    port,
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { errors: true, warnings: false } },
    proxy: [
      {
        context: isHost ? ['/api', '/hubs', '/remotes.json'] : ['/api', '/hubs'],
        target: API_TARGET,
        ws: true,
      },
    ],
  };
};
