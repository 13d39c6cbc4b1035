import { z } from 'zod';

// The one rule for text a person types that reaches a calendar or another person (lead
// fields at every door, views' names, people's names): what a calendar, a spreadsheet or a
// screen would read as something other than text is refused, never cleaned up in silence.
// A bare carriage return, say, ends a line for vobject (Radicale) and other iCalendar
// readers: in a lead's name it would become a property of its own in the calendar.

/** Line breaks of every kind, the C0 and C1 controls but tab, and broken UTF-16. */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]|[\uD800-\uDFFF]/u;
/** The same, with `\n` allowed (multi-line text; a CRLF is read as `\n` first). */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const CONTROL_BUT_NEWLINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]|[\uD800-\uDFFF]/u;
/** Embeddings, overrides and isolates: they reorder what others read (U+202E shows "gpj.exe" as "exe.jpg"). */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;

const LINE_BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029]);
const codeOf = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `value` is not text a person may store here, as a sentence naming the first character
 * refused and where it is (counted in characters as a person counts them); null when it is.
 */
export function textProblem(value: string, newlines = false): string | null {
  const control = (newlines ? CONTROL_BUT_NEWLINE : CONTROL).exec(value);
  const bidi = BIDI.exec(value);
  const found = [control, bidi]
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => a.index - b.index)[0];
  if (!found) return null;
  const char = found[0];
  const at = `at character ${[...value.slice(0, found.index)].length + 1}`;
  const code = char.codePointAt(0)!;
  if (found === bidi) return `Remove the text-direction control (${codeOf(char)}) ${at}.`;
  if (code >= 0xd800 && code <= 0xdfff) return `Remove the broken character (${codeOf(char)}) ${at}.`;
  if (LINE_BREAKS.has(code))
    return newlines
      ? `Remove the line break (${codeOf(char)}) ${at}: use a plain new line.`
      : `Remove the line break (${codeOf(char)}) ${at}: this text is one line.`;
  return `Remove the control character (${codeOf(char)}) ${at}.`;
}

/**
 * A text field of at most `max` characters, trimmed (unless `trim` is false: a search kept as
 * typed); `newlines`: it may hold several lines (`\n`; a CRLF is taken as one). Anything else
 * `textProblem` names is refused (400).
 */
export function leadText(
  max: number,
  { newlines = false, trim = true }: { newlines?: boolean; trim?: boolean } = {},
) {
  const base = trim ? z.string().trim() : z.string();
  return (newlines ? base.overwrite((value) => value.replace(/\r\n/g, '\n')) : base)
    .max(max, `Use at most ${max} characters.`)
    .superRefine((value, context) => {
      const problem = textProblem(value, newlines);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}
