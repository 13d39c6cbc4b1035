// eslint-disable-next-line @typescript-eslint/no-require-imports
const sharedDependencies = require('./sharedDependencies.cjs') as (
  dependencies: Record<string, string>,
  options?: { fromHost?: Set<string>; otherApps?: Record<string, string>[] },
) => Record<string, { singleton: boolean; import?: false }>;

const LEADS = {
  react: '18.3.1',
  '@mantine/core': '7.17.8',
  '@mantine/hooks': '7.17.8',
  '@mantine/dates': '7.17.8',
  dayjs: '1.11.13',
};
const HOST = { react: '18.3.1', '@mantine/core': '7.17.8', '@mantine/hooks': '7.17.8' };

describe('sharedDependencies', () => {
  it('shares a singleton library another app uses too, and not one only this app uses', () => {
    const shared = sharedDependencies(LEADS, { otherApps: [HOST] });
    expect(Object.keys(shared)).toEqual(
      expect.arrayContaining(['react', 'react/', '@mantine/core', '@auditdesk/shared']),
    );
    expect(shared).not.toHaveProperty(['@mantine/dates']);
    expect(shared).not.toHaveProperty(['dayjs']);
  });

  it('does not share @mantine/hooks, which holds no state: each app bundles the hooks it uses', () => {
    expect(sharedDependencies(LEADS, { otherApps: [HOST] })).not.toHaveProperty(['@mantine/hooks']);
  });

  it('shares every singleton library of the app when the other apps are not known', () => {
    expect(sharedDependencies(LEADS)).toHaveProperty(['@mantine/dates']);
  });

  it('takes what the host provides from it, with no copy of its own', () => {
    const shared = sharedDependencies(LEADS, { fromHost: new Set(['react']), otherApps: [HOST] });
    expect(shared.react?.import).toBe(false);
    expect(shared['react/']?.import).toBe(false);
    expect(shared['@mantine/core']?.import).toBeUndefined();
  });
});
