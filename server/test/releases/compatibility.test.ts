import { compatibilityProblems, type BuildFacts } from '../../src/features/releases/compatibility';
import {
  parseFederationManifest,
  type FederationManifest,
} from '../../src/features/releases/federationManifest';
import { versionSatisfies } from '../../src/features/releases/versionSatisfies';

type Shared = FederationManifest['shared'][number];
type Assets = NonNullable<Shared['assets']>;
const bundled: Assets = { js: { sync: ['1.0a1b2c3d.js'], async: [] } };
const fromHost: Assets = { js: { sync: [], async: [] } };
const shared = (name: string, version: string, requiredVersion: string, assets = fromHost): Shared => ({
  name,
  version,
  requiredVersion,
  singleton: true,
  assets,
});

function build(
  shares: Shared[],
  exposes: string[],
  usage: BuildFacts['usage'] = null,
  name = 'remote_leads',
): BuildFacts {
  return {
    manifest: {
      name,
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      shared: shares,
      exposes: exposes.map((path) => ({ path })),
    },
    usage,
  };
}

const HOST = build(
  [shared('@auditdesk/shared', '0.1.0', '0.1.0', bundled), shared('react', '18.3.1', '18.3.1', bundled)],
  [],
  { needs: {}, provides: { '@mantine/core': ['Button', 'Table'], '@mantine/hooks': ['*'] } },
  'host',
);

const check = (release: BuildFacts, host: BuildFacts | null = HOST) =>
  compatibilityProblems({ remote: 'remote_leads', release, host, routedModules: ['./LeadsPage'] });

describe('compatibilityProblems', () => {
  it('admits a release that needs only what the live host provides', () => {
    const release = build(
      [
        shared('@auditdesk/shared', '0.1.0', '0.1.0'),
        shared('react', '18.3.1', '^18.3.1'),
        // a library the host does not share, which the release brings itself
        shared('dayjs', '1.11.23', '1.11.23', bundled),
      ],
      ['./LeadsPage'],
      { needs: { '@mantine/core': ['Table'], '@mantine/hooks': ['useDisclosure'] }, provides: {} },
    );
    expect(check(release)).toEqual([]);
  });

  it('refuses a release built against a newer @auditdesk/shared than the host provides', () => {
    const release = build([shared('@auditdesk/shared', '0.2.0', '0.2.0')], ['./LeadsPage']);
    expect(check(release)).toEqual(['It needs @auditdesk/shared 0.2.0; the live host provides 0.1.0.']);
  });

  it('names every export the host build left out, and a library it takes from a host that lacks it', () => {
    const release = build([shared('zustand', '5.1.0', '5.1.0')], ['./LeadsPage'], {
      needs: { '@mantine/core': ['Table', 'Drawer', 'Stepper'] },
      provides: {},
    });
    expect(check(release)).toEqual([
      'It takes zustand from the host, and the live host does not share it.',
      'It uses exports the live host does not provide: @mantine/core: Drawer, Stepper.',
    ]);
  });

  it('refuses a manifest of another container, or without the module the host routes to', () => {
    expect(check(build([], ['./Other'], null, 'remote_sync'))).toEqual([
      'Its manifest is for the container remote_sync, not remote_leads.',
      'It does not expose ./LeadsPage, which the host opens.',
    ]);
  });

  it('checks only the release itself where no host is built (a development server)', () => {
    expect(check(build([shared('@auditdesk/shared', '0.2.0', '0.2.0')], ['./LeadsPage']), null)).toEqual([]);
  });
});

describe('versionSatisfies', () => {
  it.each([
    ['18.3.1', '18.3.1', true],
    ['18.3.2', '18.3.1', false],
    ['18.4.0', '^18.3.1', true],
    ['19.0.0', '^18.3.1', false],
    ['18.3.0', '^18.3.1', false],
    ['0.1.5', '^0.1.2', true],
    ['0.2.0', '^0.1.2', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['2.0.0', '>=1.2.3', true],
    ['4.0.0', '*', true],
    ['4.0.0', '4.x || 5.x', false],
  ])('%s meets %s: %s', (version, range, met) => {
    expect(versionSatisfies(version, range)).toBe(met);
  });
});

describe('parseFederationManifest', () => {
  it('reads a manifest, and says what is wrong with one that is not', () => {
    const manifest = {
      name: 'remote_leads',
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      shared: [],
      exposes: [],
      id: 'x',
    };
    expect(parseFederationManifest(JSON.stringify(manifest))).toMatchObject({ name: 'remote_leads' });
    expect(parseFederationManifest('<html>')).toBe('mf-manifest.json is not JSON.');
    expect(parseFederationManifest('{"name":"remote_leads"}')).toMatch(
      /^mf-manifest.json is not a federation manifest \(metaData: /,
    );
  });
});
