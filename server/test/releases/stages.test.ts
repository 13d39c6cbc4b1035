import {
  describeAudience,
  inAudience,
  nextAudience,
  sharePlace,
  type StoredAudience,
} from '../../src/features/releases/stages/audience';
import { answerFor, type RemoteState } from '../../src/features/releases/stages/releaseState';
import {
  clearlyWorse,
  failureShare,
  NO_FIGURES,
  type Figures,
  type WatchRules,
} from '../../src/features/releases/stages/releaseWatch';

const person = (id: number, role: 'Admin' | 'Manager' | 'User' = 'User') => ({ id, role });

describe('stage audiences', () => {
  it('takes a role and those above it, and advances Admins → Managers → everyone', () => {
    const admins: StoredAudience = { kind: 'role', role: 'Admin' };
    expect(
      [person(1, 'Admin'), person(2, 'Manager'), person(3)].map((p) => inAudience(admins, p, 'r', 'v')),
    ).toEqual([true, false, false]);
    const managers = nextAudience(admins);
    expect(managers).toEqual({ kind: 'role', role: 'Manager' });
    expect(describeAudience(managers as StoredAudience)).toBe('Managers and Admins');
    expect(nextAudience(managers as StoredAudience)).toBe('everyone');
    expect(describeAudience({ kind: 'role', role: 'User' })).toBe('everyone signed in');
  });

  it('gives a share by a stable hash: about that many people, the same ones, and a larger share keeps them', () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => index + 1);
    const chosen = (share: number) =>
      ids.filter((id) => inAudience({ kind: 'share', share }, person(id), 'remote_leads', '0.1.0-2'));
    const ten = chosen(10);
    expect(ten.length).toBeGreaterThan(900);
    expect(ten.length).toBeLessThan(1100);
    expect(chosen(10)).toEqual(ten);
    const twentyFive = new Set(chosen(25));
    expect(ten.every((id) => twentyFive.has(id))).toBe(true);
    // another release does not pick the same people first
    expect(sharePlace('remote_leads', '0.1.0-3', 7)).not.toBe(sharePlace('remote_leads', '0.1.0-2', 7));
    expect(nextAudience({ kind: 'share', share: 10 })).toEqual({ kind: 'share', share: 25 });
    expect(nextAudience({ kind: 'share', share: 50 })).toBe('everyone');
    expect(nextAudience({ kind: 'share', share: 60 })).toBe('everyone');
  });

  it('names people by id, and sends them to everyone next', () => {
    const named: StoredAudience = { kind: 'users', userIds: [4, 9] };
    expect([4, 5].map((id) => inAudience(named, person(id), 'r', 'v'))).toEqual([true, false]);
    expect(describeAudience(named)).toBe('2 people');
    expect(nextAudience(named)).toBe('everyone');
  });
});

describe('the watch', () => {
  const rules: WatchRules = { windowMs: 600_000, minLoads: 5, failureRate: 0.2, afterPromotionMs: 0 };
  const figures = (pageLoads: number, loadFailures: number, errors = 0): Figures => ({
    ...NO_FIGURES,
    pageLoads,
    loadFailures,
    errors,
  });

  it('judges only from the minimum of page loads, and only when clearly worse than the other release', () => {
    expect(clearlyWorse(figures(0, 4), figures(10, 0), rules)).toBe(false); // 4 loads: too few
    expect(clearlyWorse(figures(0, 5), figures(10, 0), rules)).toBe(true);
    expect(clearlyWorse(figures(4, 1), figures(10, 0), rules)).toBe(true); // 20 points worse
    expect(clearlyWorse(figures(4, 1), figures(9, 1), rules)).toBe(false); // 20 % against 10 %
    expect(clearlyWorse(figures(5, 0, 2), figures(9, 1), rules)).toBe(true); // crashes count
    expect(clearlyWorse(figures(5, 0), NO_FIGURES, rules)).toBe(false); // nothing went wrong
    expect(failureShare(figures(1, 0, 3))).toBe(1);
  });
});

describe('answerFor', () => {
  const offered = (version: string | null) => ({ version, url: `/${version ?? 'built-in'}`, notes: '' });
  const state = (): RemoteState => ({
    pinned: null,
    builtIn: offered(null),
    live: offered('0.1.0-1'),
    promotion: null,
    stage: {
      ...offered('0.1.0-2'),
      version: '0.1.0-2',
      id: 1,
      audience: { kind: 'role', role: 'Admin' },
      audienceText: '',
      by: 'a',
      startedAt: '2026-11-26T08:00:00.000Z',
    },
    previews: { '1': { ...offered('0.1.0-3'), version: '0.1.0-3', expiresAt: '2026-11-26T09:00:00.000Z' } },
    releases: {},
  });
  const at = (iso: string) => Date.parse(iso);

  it('gives a preview until it runs out, then the stage, then the live release; a pinned setting always', () => {
    const admin = person(1, 'Admin');
    expect(answerFor(state(), 'remote_leads', admin, at('2026-11-26T08:59:59Z'))).toMatchObject({
      version: '0.1.0-3',
      previewUntil: '2026-11-26T09:00:00.000Z',
    });
    expect(answerFor(state(), 'remote_leads', admin, at('2026-11-26T09:00:00Z')).version).toBe('0.1.0-2');
    expect(answerFor(state(), 'remote_leads', person(2, 'Manager')).version).toBe('0.1.0-1');
    expect(answerFor(state(), 'remote_leads', null).version).toBe('0.1.0-1');
    expect(answerFor({ ...state(), pinned: offered(null) }, 'remote_leads', admin).url).toBe('/built-in');
  });
});
