import { buildHaystack, rowsContaining } from './searchHaystack';

describe('rowsContaining', () => {
  const texts = ['maria santos\n03/04/2025', 'tom lee', '', 'jane doe\ntom', 'ünïcode café', 'x'];
  const haystack = buildHaystack(texts, (text) => text);
  const rowByRow = (needle: string) => texts.filter((text) => text.includes(needle));

  it('finds what a search row by row finds, in the rows’ order, each row once', () => {
    for (const needle of ['tom', 'a', 'maria santos', '\n', 'café', 'x', 'é', '03/04', 'zzz', 'e'])
      expect([needle, rowsContaining(haystack, needle)]).toEqual([needle, rowByRow(needle)]);
  });

  it('never matches across two rows’ texts', () => {
    // the end of one row and the start of the next
    expect(rowsContaining(haystack, '2025tom')).toEqual([]);
    expect(rowsContaining(haystack, 'leejane')).toEqual([]);
    expect(rowsContaining(haystack, 'café\u0000x')).toBeNull();
  });

  it('has nothing to say for no needle or no rows', () => {
    expect(rowsContaining(haystack, '')).toBeNull();
    expect(
      rowsContaining(
        buildHaystack([], (text: string) => text),
        'tom',
      ),
    ).toEqual([]);
  });
});
