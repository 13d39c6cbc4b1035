import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_RowSelectionState,
  type MRT_SortingState,
  type MRT_Updater,
} from 'mantine-react-table';
import { formatLeadTime, useBusinessTimeZone } from '@auditdesk/shared';
import { memo, useMemo } from 'react';
import type { ColumnVisibility } from './ColumnsMenu';
import { DuplicateMark } from './duplicates/DuplicateMark';
import { COLUMN_WIDTHS, visibleColumns } from './leadColumns';
import { cellText, type LeadFilters, type Sorting } from './leadFilters';
import { displayStatus, statusColor } from './leadRows';
import { LEAD_COLUMNS, type LeadColumnId, type LeadRow } from './leadTypes';
import { mapSearchHref, safeHref } from './linkHref';

interface LeadsTableProps {
  rows: LeadRow[];
  visibility: ColumnVisibility;
  sorting: Sorting | null;
  onSort: (column: LeadColumnId) => void;
  /** The column filters' texts and the 'Referred by' boxes (not the search: typing there leaves the table alone). */
  columnFilters: LeadFilters['columns'];
  referredBy: LeadFilters['referredBy'];
  onColumnFilter: (column: LeadColumnId, value: string) => void;
  onReferredBy: (mode: LeadFilters['referredBy']) => void;
  /** Whether a search or any filter is narrowing the list. */
  filtered: boolean;
  canEdit: boolean;
  onEdit: (row: LeadRow) => void;
  onDelete: (row: LeadRow) => void;
  /** Opens the lead to read (whoever may not edit it): a click on its row, or its Open button. */
  onOpen: (row: LeadRow) => void;
  /** The page's chosen rows, for a bulk action; without it, no selection column. */
  rowSelection?: MRT_RowSelectionState;
  onRowSelectionChange?: (updater: MRT_Updater<MRT_RowSelectionState>) => void;
}

/** The table scrolls inside its box; the header row, the first column and the name stay in view. */
const CONTAINER_STYLE = { maxHeight: 'max(360px, calc(100dvh - 330px))' };
/**
 * The columns keep their widths (long text is cut with an ellipsis instead of widening
 * them). Borders are the cells' own: collapsed ones let the rows scrolling under the sticky
 * header show through its bottom line.
 */
const TABLE_STYLE = { tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 0 } as const;
const ROW_LINE = '1px solid var(--table-border-color)';
/**
 * The sticky header and the pinned column hide what scrolls under them (the library draws
 * them at 97% opacity, which lets the scrolled text show through).
 */
const OPAQUE = { opacity: 1 } as const;
/** Compact, one line per row; the whole text is in the cell's title. */
const CELL_STYLE = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  paddingBlock: 4,
  borderBottom: ROW_LINE,
  ...OPAQUE,
} as const;
/**
 * Just the box. Its width is taken from the address (cut with an ellipsis anyway), the
 * customer's name and the house type, as far as their filters' placeholders still fit, so
 * the default columns with the selection fit a 1440 px screen.
 */
const SELECT_COLUMN_WIDTH = 36;
const ROOM_FOR_SELECTION: Partial<Record<LeadColumnId, number>> = {
  address: 28,
  customerName: 4,
  houseType: 4,
};
const widthOf = (id: LeadColumnId, selectable: boolean) =>
  COLUMN_WIDTHS[id] - (selectable ? (ROOM_FOR_SELECTION[id] ?? 0) : 0);
/** Small enough for 'Filter {header}...' to fit its column. */
const FILTER_INPUT_STYLES = { input: { fontSize: 11, paddingInline: 4 } };

function LeadCell({ row, column, timeZone }: { row: LeadRow; column: LeadColumnId; timeZone?: string }) {
  if (column === 'status') {
    return (
      <Badge color={statusColor(row.status)} variant="light" size="sm">
        {displayStatus(row.status)}
      </Badge>
    );
  }
  if (column === 'linkId' && row.linkId) {
    const href = safeHref(row.linkId);
    return href ? (
      <Anchor href={href} target="_blank" rel="noreferrer" size="sm">
        open
      </Anchor>
    ) : (
      <span title={row.linkId}>{row.linkId}</span>
    );
  }
  if (column === 'address' && row.address) {
    return (
      <Anchor
        href={mapSearchHref(row.address)}
        target="_blank"
        rel="noreferrer"
        size="sm"
        title={row.address}
      >
        {row.address}
      </Anchor>
    );
  }
  // the visit's day and time as the office reads them; the filters stay by day
  const text =
    column === 'scheduledDate'
      ? formatLeadTime(row.scheduledDate, row.allDay, timeZone)
      : cellText(row, column, timeZone);
  if (column !== 'customerName') return <span title={text}>{text}</span>;
  const marks = nameMarks(row);
  return (
    <>
      <DuplicateMark leadId={row.id} name={text} />
      {marks.length > 0 ? <MarkedName marks={marks} text={text} /> : <span title={text}>{text}</span>}
    </>
  );
}

/** Something a person should notice about a lead, shown as an icon before its name. */
interface NameMark {
  label: string;
  testId: string;
  color: string;
}

/** What marks a lead's name: an event not in the calendar format, a lead that needs review. */
function nameMarks(row: LeadRow): NameMark[] {
  const marks: NameMark[] = [];
  if (!row.isFormatted)
    marks.push({
      label: `Unformatted: ${row.formatProblems.join(', ') || 'not in the calendar format'}`,
      testId: 'unformatted-mark',
      color: 'var(--mantine-color-orange-text)',
    });
  if (row.needsReview)
    marks.push({
      label: 'Needs review: the calendar changed what was changed here',
      testId: 'needs-review-mark',
      color: 'var(--mantine-color-red-text)',
    });
  return marks;
}

/** A lead's name with its marks, each an icon that says what it means. */
function MarkedName({ marks, text }: { marks: NameMark[]; text: string }) {
  return (
    <span title={text}>
      {marks.map((mark) => (
        <Tooltip key={mark.testId} label={mark.label} withArrow>
          <IconAlertTriangle
            size={14}
            color={mark.color}
            role="img"
            aria-label={mark.label}
            data-testid={mark.testId}
            // on the text's line, like the text of the other cells
            style={{ verticalAlign: '-2px', marginRight: 4 }}
          />
        </Tooltip>
      ))}
      {text}
    </span>
  );
}

/** The column a header click asked to sort by (a toggle of that column). */
function toggledColumn(current: Sorting | null, updater: MRT_Updater<MRT_SortingState>): LeadColumnId | null {
  const before: MRT_SortingState = current ? [current] : [];
  const after = typeof updater === 'function' ? updater(before) : updater;
  return (after[0]?.id ?? current?.id ?? null) as LeadColumnId | null;
}

/**
 * The table, rendered by mantine-react-table; filtering, sorting and paging are done by
 * the pure functions of leadFilters.ts (rows arrive already paged). The header row and
 * the first column stay in view while the table scrolls.
 */
/** Memoised: a keystroke in search renders the page at once, and the table only with its new rows. */
export const LeadsTable = memo(function LeadsTable(props: LeadsTableProps) {
  const { columnFilters, referredBy, onColumnFilter, onReferredBy, sorting, onSort } = props;
  const timeZone = useBusinessTimeZone();
  const selectable = props.onRowSelectionChange !== undefined;
  const columns = useMemo<MRT_ColumnDef<LeadRow>[]>(
    () =>
      LEAD_COLUMNS.map(({ id, header }) => ({
        id,
        accessorKey: id,
        header,
        size: widthOf(id, selectable),
        Cell: ({ row }) => <LeadCell row={row.original} column={id} timeZone={timeZone} />,
        Filter: () => (
          <Stack gap={4}>
            <TextInput
              size="xs"
              styles={FILTER_INPUT_STYLES}
              placeholder={`Filter ${header}...`}
              aria-label={`Filter ${header}`}
              value={columnFilters[id] ?? ''}
              onChange={(event) => onColumnFilter(id, event.currentTarget.value)}
            />
            {id === 'referredBy' && (
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  size="xs"
                  label="Empty"
                  checked={referredBy === 'empty'}
                  onChange={(event) => onReferredBy(event.currentTarget.checked ? 'empty' : 'all')}
                />
                <Checkbox
                  size="xs"
                  label="Hide"
                  checked={referredBy === 'hide'}
                  onChange={(event) => onReferredBy(event.currentTarget.checked ? 'hide' : 'all')}
                />
              </Group>
            )}
          </Stack>
        ),
      })),
    [columnFilters, referredBy, onColumnFilter, onReferredBy, timeZone, selectable],
  );
  // the first column (the date) and the name stay in view: a row scrolled sideways, or its Edit
  // focused, still says whose it is (Airtable pins the primary field)
  const shownIds = visibleColumns(props.visibility).map((column) => column.id);
  const pinned = [
    ...shownIds.slice(0, 1),
    ...(shownIds.includes('customerName') && shownIds[0] !== 'customerName' ? ['customerName'] : []),
  ];

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
    enableMultiSort: false,
    enableSortingRemoval: true,
    enableStickyHeader: true,
    enableColumnPinning: true,
    columnFilterDisplayMode: 'subheader',
    enableRowActions: true,
    // a reader opens a lead by clicking its row (a link or a button in it does its own thing)
    mantineTableBodyRowProps: props.canEdit
      ? undefined
      : ({ row }) => ({
          onClick: (event) => {
            if ((event.target as HTMLElement).closest('a, button, input')) return;
            props.onOpen(row.original);
          },
          style: { cursor: 'pointer' },
        }),
    enableRowSelection: selectable,
    selectAllMode: 'page',
    onRowSelectionChange: props.onRowSelectionChange,
    mantineSelectCheckboxProps: { size: 'xs' },
    mantineSelectAllCheckboxProps: { size: 'xs' },
    positionActionsColumn: 'last',
    // the actions column says what it is to a screen reader, and nothing on screen
    displayColumnDefOptions: {
      'mrt-row-select': { size: SELECT_COLUMN_WIDTH },
      'mrt-row-actions': {
        size: 68,
        header: 'Actions',
        Header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      },
    },
    renderRowActions: ({ row }) =>
      props.canEdit ? (
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Edit ${row.original.customerName}`}
            onClick={() => props.onEdit(row.original)}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="red"
            aria-label={`Delete ${row.original.customerName}`}
            onClick={() => props.onDelete(row.original)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ) : (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Open ${row.original.customerName}`}
          onClick={() => props.onOpen(row.original)}
        >
          <IconEye size={16} />
        </ActionIcon>
      ),
    state: {
      columnVisibility: props.visibility as Record<string, boolean>,
      columnPinning: {
        left: [...(selectable ? ['mrt-row-select'] : []), ...pinned],
        // the row's Edit and Delete stay in view when the columns are wider than the screen
        right: ['mrt-row-actions'],
      },
      rowSelection: props.rowSelection ?? {},
      sorting: sorting ? [sorting] : [],
      showColumnFilters: true,
      density: 'xs',
    },
    // a header click (or Enter on its sort button) toggles that column: ascending, descending, off
    onSortingChange: (updater) => {
      const column = toggledColumn(sorting, updater);
      if (column) onSort(column);
    },
    mantineTableContainerProps: { style: CONTAINER_STYLE },
    mantineTableProps: { striped: true, highlightOnHover: true, withTableBorder: true, style: TABLE_STYLE },
    mantineTableBodyCellProps: { style: CELL_STYLE },
    mantineTableHeadProps: { style: OPAQUE },
    mantineTableHeadCellProps: { style: { ...OPAQUE, borderBottom: ROW_LINE } },
    renderEmptyRowsFallback: () => (
      <Stack align="center" gap={4} py="xl">
        <Text fw={500}>No leads found</Text>
        <Text size="sm" c="dimmed">
          {props.filtered ? 'Try adjusting your search criteria' : 'Get started by adding your first lead.'}
        </Text>
      </Stack>
    ),
  });

  return <MantineReactTable table={table} />;
});
