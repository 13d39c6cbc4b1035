import { leadText, textProblem } from './leadText';

describe('the text rule of what people type', () => {
  it('takes any printable text of any script, tabs, emoji and marks that only set direction', () => {
    for (const text of [
      'Jane O’Brien-Smith',
      'Ünal Çelik',
      'محمد علي',
      'שרה כהן',
      '李小龍',
      'a\tb',
      '👩‍🔧 ok',
      'x\u200Fy',
    ])
      expect(textProblem(text)).toBeNull();
  });

  it('names the first character refused and where it is, counting characters as a person does', () => {
    expect(textProblem('😀😀\rb')).toBe(
      'Remove the line break (U+000D) at character 3: this text is one line.',
    );
    expect(textProblem('ab\u0000')).toBe('Remove the control character (U+0000) at character 3.');
    expect(textProblem('a\u009Bb')).toBe('Remove the control character (U+009B) at character 2.');
    expect(textProblem('\u2066a\u0000')).toBe('Remove the text-direction control (U+2066) at character 1.');
    expect(textProblem('a\uDC00')).toBe('Remove the broken character (U+DC00) at character 2.');
    expect(textProblem('a\nb', true)).toBeNull();
    expect(textProblem('a\u2028b', true)).toBe(
      'Remove the line break (U+2028) at character 2: use a plain new line.',
    );
  });

  it('trims, takes a CRLF as one line break where lines are allowed, and keeps a search as typed', () => {
    expect(leadText(10).parse('  Ann  ')).toBe('Ann');
    expect(leadText(20, { newlines: true }).parse('a\r\nb\r\n')).toBe('a\nb');
    expect(leadText(20).safeParse('a\r\nb').success).toBe(false);
    expect(leadText(20, { trim: false }).parse(' maple ')).toBe(' maple ');
    expect(leadText(3).safeParse('abcd').error?.issues[0]?.message).toBe('Use at most 3 characters.');
  });
});
