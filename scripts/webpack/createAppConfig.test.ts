import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The dev server's port a remote's webpack config gives, with this PORT in the environment. */
function devServerPort(port: string | undefined): number {
  const saved = process.env.PORT;
  if (port === undefined) delete process.env.PORT;
  else process.env.PORT = port;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const config = require(path.join(ROOT, 'remote-leads/webpack.config.cjs'));
    return config({}, { mode: 'development' }).devServer.port;
  } finally {
    if (saved === undefined) delete process.env.PORT;
    else process.env.PORT = saved;
  }
}

describe('a remote on its own dev server', () => {
  it('listens on PORT when it is given, else on its own port', () => {
    expect(devServerPort('3011')).toBe(3011);
    expect(devServerPort(undefined)).toBe(3001);
    expect(devServerPort('eighty')).toBe(3001);
  });
});
