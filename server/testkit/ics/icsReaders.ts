import fc from 'fast-check';
import ICAL from 'ical.js';
import type { IcsNode, VobjectReader } from './vobjectReader';

/** RFC 5545 §3.3.11's escapes undone (for a property ical.js leaves as written). */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,]|[nN])/g, (_match, char: string) => (char === 'n' || char === 'N' ? '\n' : char));

/** A calendar as ical.js reads it, in the vobject reader's shape. */
export function icalJsTree(ics: string): IcsNode[] {
  const parsed = ICAL.parse(ics) as unknown[];
  const roots = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[][];
  const node = (component: InstanceType<typeof ICAL.Component>): IcsNode => ({
    name: component.name.toUpperCase(),
    properties: component.getAllProperties().map((property) => {
      const value = String(property.getFirstValue() ?? '');
      // an X- property's value is TEXT unless it says otherwise (§3.8.8.2); ical.js keeps it raw
      return [property.name.toUpperCase(), property.type === 'unknown' ? unescapeText(value) : value];
    }),
    components: component.getAllSubcomponents().map(node),
  });
  return roots.map((root) => node(new ICAL.Component(root)));
}

/** The calendar as each reader reads it: ical.js, and vobject (Radicale's, in Python). */
export async function readEverywhere(ics: string, vobject: VobjectReader) {
  return [
    { reader: 'ical.js', tree: icalJsTree(ics) },
    { reader: 'vobject', tree: await vobject.read(ics) },
  ];
}

export const namesOf = (node: IcsNode) => node.properties.map(([name]) => name);
export const valueOf = (node: IcsNode, name: string) =>
  node.properties.find(([property]) => property === name)?.[1];

/**
 * What an attacker types into a lead: line breaks of every kind, iCalendar's own syntax
 * (escapes, delimiters, whole content lines), controls, direction overrides, broken UTF-16,
 * long runs (folding), and any code point at all.
 */
const PIECES = [
  '\r',
  '\n',
  '\r\n',
  '\r\n ',
  ';',
  ',',
  '\\',
  '\\n',
  '\\;',
  ':',
  '"',
  '\t',
  ' ',
  'BEGIN:VEVENT',
  'END:VEVENT',
  'END:VCALENDAR',
  'RRULE:FREQ=DAILY',
  'ATTENDEE:mailto:mallory@evil.example',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u0000',
  '\u000b',
  '\u000c',
  '\u001c',
  '\u007f',
  '\u009b',
  '\u202e',
  '\uD800',
  '\uDC00',
  '😀',
  'é',
  '\u00a0',
  'Wyn Bale',
  'x'.repeat(80),
];
export const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 6 })), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));
