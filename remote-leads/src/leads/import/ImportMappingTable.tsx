import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '@auditdesk/shared';
import { ScrollArea, Select, Table, Text } from '@mantine/core';
import { IMPORT_FIELD_LABELS } from './importChoice';

const NOT_IMPORTED = '';
const OPTIONS = [
  { value: NOT_IMPORTED, label: 'Not imported' },
  ...IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
];

interface ImportMappingTableProps {
  header: string[];
  mapping: ImportMapping;
  disabled: boolean;
  onChange: (column: number, field: ImportField | null) => void;
}

/** Each column of the file and the lead field it goes into, changeable. */
export function ImportMappingTable({ header, mapping, disabled, onChange }: ImportMappingTableProps) {
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column in the file</Table.Th>
            <Table.Th>Imported into</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {header.map((name, column) => (
            <Table.Tr key={column}>
              <Table.Td>
                <Text size="sm" lineClamp={1} title={name}>
                  {name || `Column ${column + 1}`}
                </Text>
              </Table.Td>
              <Table.Td w={180}>
                <Select
                  size="xs"
                  aria-label={`Field for the column ${name || column + 1}`}
                  data={OPTIONS}
                  value={mapping[column] ?? NOT_IMPORTED}
                  allowDeselect={false}
                  disabled={disabled}
                  onChange={(value) => onChange(column, value ? (value as ImportField) : null)}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
