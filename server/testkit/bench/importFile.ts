import { LEAD_COLUMNS } from '@auditdesk/shared/core';

/** The leads screen's export header with every column shown: what an import of an export reads. */
const HEADER = LEAD_COLUMNS.map((column) => column.header);

const FUELS = ['Gas', 'oil', 'Propane', 'electric'];
const HOUSES = ['single', '2 Family', '3 family', '4+'];
const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

/**
 * A CSV of `rows` new leads laid out as the export writes it (every field quoted, CRLF, a
 * byte order mark), with values the import normalises (fuel, house type, auditor case).
 */
export function importBenchCsv(rows: number): string {
  const lines = [HEADER.map(quoted).join(',')];
  for (let index = 0; index < rows; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    lines.push(
      [
        `03/${day}/2025`,
        `Customer ${index}`,
        `${index} Elm Street, Springfield, MA 01101`,
        index % 5 === 0 ? 'cancelled' : 'Scheduled',
        index % 2 === 0 ? 'sam rivera' : 'Alex Chen',
        HOUSES[index % 4]!,
        'Maria',
        index % 3 === 0 ? 'Neighbour' : '',
        '',
        '',
        'Week 2',
        `(617) 555-${String(index % 10000).padStart(4, '0')}`,
        FUELS[index % 4]!,
        index % 2 === 0 ? 'ngrid' : 'EverSource',
        `Gate code ${1000 + (index % 9000)}; dog in the yard, side door; ask about the attic insulation.`,
        '10:30 AM',
        '',
      ]
        .map(quoted)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
