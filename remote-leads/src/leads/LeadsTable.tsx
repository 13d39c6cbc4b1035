import { ActionIcon, Badge, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import { useMemo } from 'react';
import type { ColumnVisibility } from './ColumnsMenu';
import type { LeadFilters, Sorting } from './leadFilters';
import { displayStatus, formatDay, statusColor } from './leadRows';
import { LEAD_COLUMNS, type LeadColumnId, type LeadRow } from './leadTypes';

interface LeadsTableProps {
  rows: LeadRow[];
  visibility: ColumnVisibility;
  sorting: Sorting | null;
  onSort: (column: LeadColumnId) => void;
  filters: LeadFilters;
  onColumnFilter: (column: LeadColumnId, value: string) => void;
  onReferredBy: (mode: LeadFilters['referredBy']) => void;
  searchActive: boolean;
  canEdit: boolean;
  onEdit: (row: LeadRow) => void;
  onDelete: (row: LeadRow) => void;
}

/**
 * The table, rendered by mantine-react-table; filtering, sorting and paging are done by
 * the pure functions of leadFilters.ts (rows arrive already paged).
 */
export function LeadsTable(props: LeadsTableProps) {
  const { filters, onColumnFilter, onReferredBy } = props;
  const columns = useMemo<MRT_ColumnDef<LeadRow>[]>(
    () =>
      LEAD_COLUMNS.map(({ id, header }) => ({
        id,
        accessorKey: id,
        header,
        Cell: ({ row }) => {
          const value = row.original[id];
          if (id === 'status')
            return (
              <Badge color={statusColor(value)} variant="light">
                {displayStatus(value)}
              </Badge>
            );
          if (id === 'scheduledDate' || id === 'lastSyncedAt') return formatDay(value);
          if (id === 'linkId' && value)
            return (
              <a href={value} target="_blank" rel="noreferrer">
                open
              </a>
            );
          return value;
        },
        Filter: () => (
          <Stack gap={4}>
            <TextInput
              size="xs"
              placeholder={`Filter ${header}...`}
              aria-label={`Filter ${header}`}
              value={filters.columns[id] ?? ''}
              onChange={(event) => onColumnFilter(id, event.currentTarget.value)}
            />
            {id === 'referredBy' && (
              <Group gap="xs">
                <Checkbox
                  size="xs"
                  label="Empty"
                  checked={filters.referredBy === 'empty'}
                  onChange={(event) => onReferredBy(event.currentTarget.checked ? 'empty' : 'all')}
                />
                <Checkbox
                  size="xs"
                  label="Hide"
                  checked={filters.referredBy === 'hide'}
                  onChange={(event) => onReferredBy(event.currentTarget.checked ? 'hide' : 'all')}
                />
              </Group>
            )}
          </Stack>
        ),
      })),
    [filters, onColumnFilter, onReferredBy],
  );

  const table = useMantineReactTable({
    columns,
    data: props.rows,
    getRowId: (row) => String(row.id),
    manualFiltering: true,
    manualSorting: true,
    manualPagination: true,
    enableTopToolbar: false,
    enableBottomToolbar: false,
    enableColumnActions: false,
    enableGlobalFilter: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableSortingRemoval: true,
    columnFilterDisplayMode: 'subheader',
    enableRowActions: props.canEdit,
    positionActionsColumn: 'last',
    renderRowActions: ({ row }) => (
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${row.original.customerName}`}
          onClick={() => props.onEdit(row.original)}
        >
          <IconPencil size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${row.original.customerName}`}
          onClick={() => props.onDelete(row.original)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    ),
    state: {
      columnVisibility: props.visibility as Record<string, boolean>,
      sorting: props.sorting ? [props.sorting] : [],
      showColumnFilters: true,
      density: 'xs',
    },
    onSortingChange: () => {},
    mantineTableHeadCellProps: ({ column }) => ({
      onClick: (event) => {
        // the filter row inside the header must not sort
        if ((event.target as HTMLElement).closest('input, label')) return;
        if (column.id in Object.fromEntries(LEAD_COLUMNS.map((item) => [item.id, true])))
          props.onSort(column.id as LeadColumnId);
      },
      style: { cursor: 'pointer' },
    }),
    mantineTableProps: { striped: true, highlightOnHover: true, withTableBorder: true },
    renderEmptyRowsFallback: () => (
      <Stack align="center" gap={4} py="xl">
        <Text fw={500}>No leads found</Text>
        <Text size="sm" c="dimmed">
          {props.searchActive
            ? 'Try adjusting your search criteria'
            : 'Get started by adding your first lead.'}
        </Text>
      </Stack>
    ),
  });

  return <MantineReactTable table={table} />;
}
