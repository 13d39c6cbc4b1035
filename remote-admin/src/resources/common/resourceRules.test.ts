import {
  formatBytes,
  formatCompactCount,
  formatUptime,
  needsHitRateTip,
  rateHitRate,
  rateQueryDuration,
  shortenName,
  usageLevel,
  usagePercent,
} from './resourceRules';

describe('formatBytes (base 1024)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1038832, '1014.48 KB'],
    [64 * 1024 * 1024, '64 MB'],
    [500 * 1024 * 1024, '500 MB'],
    [5 * 1024 ** 3, '5 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%i → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('formatUptime', () => {
  it.each([
    [0, '0m'],
    [59, '0m'],
    [60, '1m'],
    [45 * 60 + 30, '45m'],
    [3600, '1h 0m'],
    [3 * 3600 + 12 * 60 + 5, '3h 12m'],
    [86_400, '1d 0h'],
    [2 * 86_400 + 5 * 3600 + 59 * 60, '2d 5h'],
  ])('%i s → %s', (seconds, text) => expect(formatUptime(seconds)).toBe(text));
});

describe('formatCompactCount', () => {
  it.each([
    [999, '999'],
    [1500, '1.5k'],
    [100_000, '100k'],
    [5_000_000, '5M'],
    [25_000_000_000, '25B'],
  ])('%i → %s', (count, text) => expect(formatCompactCount(count)).toBe(text));
});

describe('shortenName', () => {
  it('keeps the first 8 and last 4 characters of a long name', () => {
    expect(shortenName('0b7a4c2e-91f3-4d55-a7c1-3e8f0d2b6a19')).toBe('0b7a4c2e...6a19');
  });
  it('leaves a name of 12 characters or fewer whole', () => {
    expect(shortenName('auditdesk-db')).toBe('auditdesk-db');
  });
});

describe('usage against limits', () => {
  it('has no percentage without a limit', () => {
    expect(usagePercent(10, 0)).toBeNull();
    expect(usagePercent(10, null)).toBeNull();
    expect(usagePercent(30, 40)).toBe(75);
  });
  it.each([
    [null, 'normal'],
    [0, 'normal'],
    [74.99, 'normal'],
    [75, 'warning'],
    [89.99, 'warning'],
    [90, 'critical'],
    [130, 'critical'],
  ] as const)('%p %% is %s', (percent, level) => expect(usageLevel(percent)).toBe(level));
});

describe('ratings', () => {
  it.each([
    [100, 'Excellent'],
    [80, 'Excellent'],
    [79.9, 'Good'],
    [60, 'Good'],
    [59.9, 'Low'],
    [0, 'Low'],
  ])('hit rate %p → %s', (rate, label) => expect(rateHitRate(rate).label).toBe(label));

  it('adds the performance tip below 60 % only, and not before the first lookup', () => {
    expect([needsHitRateTip(59.9), needsHitRateTip(60), needsHitRateTip(null)]).toEqual([true, false, false]);
  });

  it.each([
    [0.4, 'Excellent'],
    [9.99, 'Excellent'],
    [10, 'Good'],
    [49.9, 'Good'],
    [50, 'Optimize'],
    [320, 'Optimize'],
  ])('query duration %p ms → %s', (ms, label) => expect(rateQueryDuration(ms).label).toBe(label));
});
