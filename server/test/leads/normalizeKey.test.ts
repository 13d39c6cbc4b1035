import { normalizeKey } from '../../src/features/leads/record/normalizeKey';

describe('normalizeKey', () => {
  it('ignores case, spaces, dashes and underscores', () => {
    expect(['House-Type', 'house_type', 'House Type', ' HOUSE\tTYPE '].map(normalizeKey)).toEqual(
      Array(4).fill('housetype'),
    );
  });

  it('answers each key for itself however many distinct keys came before, short or long', () => {
    // more keys than it remembers, each asked twice, and a key longer than it remembers
    const keys = Array.from({ length: 10_000 }, (_, index) => `Key-${index} Of_Many`);
    const long = `${'A_'.repeat(100)}Z`;
    for (const round of [1, 2])
      for (const [index, key] of [...keys, long].entries())
        expect([round, normalizeKey(key)]).toEqual([
          round,
          index < keys.length ? `key${index}ofmany` : `${'a'.repeat(100)}z`,
        ]);
  });
});
