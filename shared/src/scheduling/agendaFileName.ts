/** The .ics file of an agenda: whose days it holds, in characters every system accepts. */
export function agendaFileName({ auditor, from, to }: { auditor: string; from: string; to: string }): string {
  const who = auditor.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'auditor';
  return `agenda-${who}-${from}${from === to ? '' : `-to-${to}`}.ics`;
}
