import type { DatabaseStats } from '@auditdesk/shared';
import { Paper, Table, Title } from '@mantine/core';
import { formatCount } from '../common/resourceRules';

export function D1Tables({ tables }: { tables: NonNullable<DatabaseStats['tables']> }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Tables
      </Title>
      <Table aria-label="Rows per table" striped>
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
    </Paper>
  );
}
