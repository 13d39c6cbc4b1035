import ICAL from 'ical.js';

type Component = InstanceType<typeof ICAL.Component>;

// What an iCalendar TEXT value can carry (RFC 5545 §3.3.11): any character but the controls,
// tab excepted; a line break only as the escape `\n`. ical.js escapes `\`, `;`, `,` and `\n`
// and folds by UTF-8 octets, but writes every other control as it is: a bare CR, which
// vobject (Radicale) and others read as the end of the line, would start a property of its
// own. Every ICS writer of the app sets its texts through setIcsText.

/** Line breaks as a person means them: each becomes one `\n`. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** The controls TEXT cannot hold (C0 but tab and the line breaks above, DEL, C1): dropped. */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u0084\u0086-\u009F]/g;
/** Half a surrogate pair is no character: written as U+FFFD, as a UTF-8 encoder would. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/**
 * The text as an iCalendar TEXT value can carry it: line breaks of every kind as `\n`, other
 * controls dropped, broken UTF-16 replaced. Text the lead contract accepts comes out the same.
 */
export function icsText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(LINE_BREAK, '\n').replace(CONTROL, '');
}

/** ical.js's own escaping of a TEXT value (`\\`, `\;`, `\,`, `\n`). */
const escaped = (text: string): string =>
  (ICAL.design.icalendar.value as { text: { toICAL: (value: string) => string } }).text.toICAL(text);

/**
 * Sets the text property `name` of a component (its first one, or a new one) to `text` as
 * icsText makes it; empty text removes the property. A property ical.js types as TEXT is
 * escaped by ical.js when written; one it does not know (X-WR-CALNAME: an X- property's value
 * is TEXT by default, RFC 5545 §3.8.8.2) it writes as given, so it is escaped here.
 */
export function setIcsText(component: Component, name: string, text: string): void {
  const value = icsText(text);
  if (!value) {
    component.removeAllProperties(name);
    return;
  }
  const property = component.getFirstProperty(name) ?? component.addProperty(new ICAL.Property(name));
  property.setValue(property.type === 'text' ? value : escaped(value));
}
