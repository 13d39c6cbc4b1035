import { ALL_DAY, formatTimeIn, type AgendaVisit } from '@auditdesk/shared';
import { Anchor, Group, Paper, Table, Text, Title } from '@mantine/core';
import { formatLongDay, visitCount } from './agendaDays';

/** Fixed widths: every day's table lines up with the others, on screen and on paper. */
const COLUMNS = [
  { label: 'Time', width: '13%' },
  { label: 'Customer', width: '13%' },
  { label: 'Address', width: '19%' },
  { label: 'Phone', width: '11%' },
  { label: 'House type', width: '9%' },
  { label: 'Fuel', width: '8%' },
  { label: 'Status', width: '8%' },
  { label: 'Comments', width: '19%' },
];

const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

function timeOf(visit: AgendaVisit, timeZone: string | undefined) {
  if (visit.allDay) return ALL_DAY;
  const start = formatTimeIn(visit.scheduledDate, timeZone);
  return visit.endDate ? `${start} – ${formatTimeIn(visit.endDate, timeZone)}` : start;
}

/** One day of an auditor's visits: a page of its own when printed. */
export function AgendaDay({
  auditor,
  day,
  visits,
  timeZone,
}: {
  auditor: string;
  day: string;
  visits: AgendaVisit[];
  timeZone: string | undefined;
}) {
  const heading = `agenda-day-${day}`;
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby={heading} data-agenda-day={day}>
      <Group justify="space-between" mb="sm" align="baseline">
        <Title order={2} size="h4" id={heading}>
          {auditor} · {formatLongDay(day)}
        </Title>
        <Text fw={600} data-testid="agenda-day-count">
          {visitCount(visits.length)}
        </Text>
      </Group>
      <Table striped withTableBorder fz="sm" verticalSpacing={6} layout="fixed">
        <colgroup>
          {COLUMNS.map(({ label, width }) => (
            <col key={label} style={{ width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ label }) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((visit) => (
            <Table.Tr key={visit.id} data-testid="agenda-visit">
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {timeOf(visit, timeZone)}
              </Table.Td>
              <Table.Td fw={600}>{visit.customerName}</Table.Td>
              <Table.Td>
                {visit.address ? (
                  <Anchor href={mapLink(visit.address)} target="_blank" rel="noreferrer" inherit>
                    {visit.address}
                  </Anchor>
                ) : (
                  <Text span c="dimmed" inherit>
                    No address
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{visit.phoneNumber}</Table.Td>
              <Table.Td>{visit.houseType}</Table.Td>
              <Table.Td>{visit.heatingFuel}</Table.Td>
              <Table.Td>{visit.status}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {visit.comments}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
