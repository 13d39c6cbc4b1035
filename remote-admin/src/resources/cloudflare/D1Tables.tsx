import type { DatabaseStats } from '@auditdesk/shared';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatCount } from '../common/resourceRules';

type TableRows = NonNullable<DatabaseStats['tables']>;

const GROUPS = [
  {
    purpose: 'business',
    title: 'Business data',
    label: 'Rows per table',
    note: 'Leads, people, syncs and notifications.',
  },
  {
    purpose: 'bookkeeping',
    title: 'App bookkeeping',
    label: 'Rows per bookkeeping table',
    note: 'Kept by the app itself: migrations, sign-ins, password links, the mail outbox.',
  },
] as const;

function RowsTable({ label, tables }: { label: string; tables: TableRows }) {
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Table</Table.Th>
          <Table.Th ta="right">Rows</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tables.map((table) => (
          <Table.Tr key={table.name}>
            <Table.Td>{table.name}</Table.Td>
            <Table.Td ta="right">{formatCount(table.rows)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The rows of each table: the business's data apart from the app's own bookkeeping. */
export function D1Tables({ tables }: { tables: TableRows }) {
  // a server that does not say a table's purpose: its tables count as business data
  const groups = GROUPS.map((group) => ({
    ...group,
    tables: tables.filter((table) => (table.purpose ?? 'business') === group.purpose),
  })).filter((group) => group.tables.length > 0);
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Tables
      </Title>
      <SimpleGrid cols={1} spacing="lg">
        {groups.map((group) => (
          <Stack key={group.purpose} gap={4}>
            <Title order={3} size="h5">
              {group.title}
            </Title>
            <Text size="sm" c="dimmed">
              {group.note}
            </Text>
            <RowsTable label={group.label} tables={group.tables} />
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
