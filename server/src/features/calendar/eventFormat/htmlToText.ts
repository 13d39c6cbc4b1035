import { decodeHTML } from 'entities';

/**
 * Google Calendar descriptions may carry HTML (`<br>`, `<b>`, `&amp;`): turn it into the
 * plain `Key: Value` lines the parser reads. Text without tags comes back unchanged. Entities
 * are decoded as browsers do (the `entities` package): a code point that cannot be a
 * character (`&#99999999;`, a surrogate, `&#0;`) becomes U+FFFD, never an error, since one
 * invitation must not stop every sync.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return decodeHTML(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h\d)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  ).replace(/\u00a0/g, ' ');
}
