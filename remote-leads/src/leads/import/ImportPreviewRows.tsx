import {
  formatNumber,
  type ImportOutcome,
  type ImportPreview,
  type ImportRowOutcome,
} from '@auditdesk/shared';
import { Badge, ScrollArea, SimpleGrid, Paper, Stack, Table, Text } from '@mantine/core';
import { ImportDuplicateChoice } from './ImportDuplicateChoice';
import { IMPORT_FIELD_LABELS } from './importChoice';
import type { DuplicateChoice } from './useLeadImport';

const OUTCOMES: Record<ImportOutcome, { label: string; color: string }> = {
  create: { label: 'New', color: 'green' },
  update: { label: 'Update', color: 'blue' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

/** The totals of every row of the file. */
export function ImportTotals({ totals }: Pick<ImportPreview, 'totals'>) {
  const cards = [
    { label: 'Rows', value: totals.rows, color: undefined },
    { label: 'New leads', value: totals.create, color: 'green' },
    { label: 'Updates', value: totals.update, color: 'blue' },
    { label: 'Unchanged', value: totals.unchanged, color: 'dimmed' },
    { label: 'Errors', value: totals.error, color: totals.error > 0 ? 'red' : 'dimmed' },
  ];
  return (
    <SimpleGrid cols={5} spacing="xs" data-testid="import-totals">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="xs" radius="sm">
          <Text size="xs" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} size="lg" c={card.color} aria-label={`${card.label}: ${card.value}`}>
            {formatNumber(card.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** What a row changes, or why not. */
function whatChanges(row: ImportRowOutcome): string {
  if (row.outcome === 'error') return row.reason ?? '';
  if (row.outcome === 'update') return row.fields.map((field) => IMPORT_FIELD_LABELS[field]).join(', ');
  return row.outcome === 'create' ? 'A new manual lead' : 'Nothing';
}

/**
 * Row by row what the import would do: errors first, then the rows that look like existing
 * leads (each with the choice of updating one or making a new lead), then the file's order.
 */
export function ImportPreviewRows({
  preview,
  disabled,
  onChooseDuplicate,
}: {
  preview: ImportPreview;
  disabled: boolean;
  onChooseDuplicate: (row: number, choice: DuplicateChoice) => void;
}) {
  const listed = preview.rows.length;
  return (
    <>
      <ScrollArea.Autosize mah={360} type="auto">
        <Table striped withTableBorder fz="sm" verticalSpacing={4} aria-label="Rows of the file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Row</Table.Th>
              <Table.Th w={128}>Outcome</Table.Th>
              <Table.Th w={170}>Customer</Table.Th>
              <Table.Th>What changes, or why not</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={OUTCOMES[row.outcome].color}>
                    {OUTCOMES[row.outcome].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {row.customerName || '(no name)'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Text size="sm" c={row.outcome === 'error' ? 'red' : undefined}>
                      {whatChanges(row)}
                    </Text>
                    {row.outcome !== 'error' && row.duplicates.length > 0 && (
                      <ImportDuplicateChoice row={row} disabled={disabled} onChoose={onChooseDuplicate} />
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {listed < preview.totals.rows && (
        <Text size="xs" c="dimmed" mt={4}>
          The first {formatNumber(listed)} of {formatNumber(preview.totals.rows)} rows are listed, errors
          first; the totals count every row.
        </Text>
      )}
    </>
  );
}
