/** A small ICS calendar of audit appointments for tests: one VEVENT per entry. */
export function icsCalendar(
  events: { uid: string; start: string; summary?: string; description?: string; status?: string }[],
): string {
  const escape = (text: string) =>
    text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Auditdesk tests//EN'];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTART:${event.start}`,
      `SUMMARY:${escape(event.summary ?? `Customer ${event.uid}`)}`,
      `DESCRIPTION:${escape(event.description ?? 'Auditor: Sam Rivera\nHouse Type: 2 Family')}`,
      ...(event.status ? [`STATUS:${event.status}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** `count` appointments, `perDay` a day between 11:00 and 21:00 UTC, over the days from `firstDay` on. */
export function manyEvents(count: number, firstDay = Date.UTC(2025, 0, 1), perDay = 10) {
  const spacingMs = (10 * 3_600_000) / perDay;
  return Array.from({ length: count }, (_, index) => {
    const start = new Date(
      firstDay + Math.floor(index / perDay) * 86_400_000 + 11 * 3_600_000 + (index % perDay) * spacingMs,
    );
    return {
      uid: `bulk-${index}@test`,
      start: start
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
      summary: `Customer ${index}`,
      description: `Auditor: ${index % 2 ? 'Sam Rivera' : 'Alex Chen'}\nHouse Type: ${['Single Family', '2 Family', '3 Family', '4 Family'][index % 4]}\nFuel: Gas\nProvider: National Grid\nPhone: (617) 555-${String(index % 10000).padStart(4, '0')}`,
    };
  });
}
