/**
 * The agenda on paper: only the days, each on its own page with the auditor and the date at
 * its head; no sidebar, top bar or controls. Rendered with the page, so other pages print as
 * before.
 */
export const AGENDA_PRINT_CSS = `
@page { size: auto; margin: 12mm; }
@media print {
  .mantine-AppShell-header, .mantine-AppShell-navbar, [data-agenda-screen-only] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; margin: 0 !important; min-height: 0 !important; }
  [data-agenda-day] { break-after: page; border: none !important; padding: 0 !important; }
  [data-agenda-day]:last-of-type { break-after: auto; }
  [data-agenda-day] tr { break-inside: avoid; }
  [data-agenda-day] a { color: inherit; text-decoration: none; }
}
`;
