import {
  emptyTotals,
  ExportMenu,
  formatNumber,
  weekLabel,
  type GridTotals,
  type LeadsView,
  type MonthGroup,
} from '@auditdesk/shared';
import { Anchor, Box, Button, Group, Paper, Switch, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState, type CSSProperties } from 'react';
import {
  ALL_COLLAPSED,
  ALL_EXPANDED,
  comparisonGroups,
  headerDepth,
  shortNames,
  type ComparisonGroup,
  type Expanded,
} from './comparisonColumns';
import { countHref, type CategoryId } from './leadsOfCount';
import { monthDates, monthTitle } from './period';
import { AUDITOR_TEXT_COLORS } from './schedulingTypes';

const textColor = (index: number) => AUDITOR_TEXT_COLORS[index % AUDITOR_TEXT_COLORS.length]!;
const colorVar = (index: number) => `var(--mantine-color-${textColor(index)}-text)`;

/** The period labels stay in view when the table scrolls sideways. */
const STICKY_FIRST: CSSProperties = { position: 'sticky', left: 0, zIndex: 1, whiteSpace: 'nowrap' };
const MONTH_BG = 'var(--mantine-color-gray-1)';
const WEEK_BG = 'var(--mantine-color-body)';
/** A line where a measure (or a part of a category) begins. */
const GROUP_START: CSSProperties = { borderLeft: '2px solid var(--mantine-color-gray-4)' };
const NUMBER: CSSProperties = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' };
const CELL_BORDER = '1px solid var(--table-border-color)';
/** Header cells hide the rows that scroll under them. */
const HEAD: CSSProperties = { background: WEEK_BG, backgroundClip: 'padding-box' };

interface ComparisonTableProps {
  months: MonthGroup[];
  auditors: readonly string[];
  /** The same months a year earlier, once read (only asked for while shown). */
  earlierMonths: MonthGroup[] | undefined;
  showEarlier: boolean;
  onShowEarlierChange: (show: boolean) => void;
  onExport: () => void;
  exporting: boolean;
}

/** The leads screen's view of one row's leads: its days, and its week when it is a week. */
type RowScope = Pick<LeadsView, 'startDate' | 'endDate' | 'columns'>;

function Numbers({
  groups,
  auditors,
  cells,
  scope,
}: {
  groups: ComparisonGroup[];
  auditors: readonly string[];
  cells: Record<string, GridTotals>;
  scope: RowScope;
}) {
  return groups.flatMap((group) =>
    group.parts.flatMap((part) =>
      auditors.map((auditor, index) => {
        const value = part.value(cells[auditor]!);
        // every count opens exactly its leads on the leads screen
        const href = part.leads && countHref(part.leads, { ...scope, auditor });
        return (
          <Table.Td
            key={`${part.key}-${auditor}`}
            style={index === 0 ? { ...NUMBER, ...GROUP_START } : NUMBER}
          >
            {href ? (
              <Anchor
                component={Link}
                to={href}
                inherit
                underline="hover"
                title={`Open these ${formatNumber(value)} leads`}
              >
                {formatNumber(value)}
              </Anchor>
            ) : (
              formatNumber(value)
            )}
          </Table.Td>
        );
      }),
    ),
  );
}

/** The same month a year earlier, under the month: its totals, each opening its leads. */
function YearEarlierRow({
  month,
  earlierMonths,
  groups,
  auditors,
  columns,
}: {
  month: MonthGroup;
  earlierMonths: MonthGroup[] | undefined;
  groups: ComparisonGroup[];
  auditors: readonly string[];
  columns: number;
}) {
  const before = { year: month.year - 1, month: month.month };
  const found = earlierMonths?.find((item) => item.year === before.year && item.month === before.month);
  const title = (
    <Table.Td pl="lg" style={{ ...STICKY_FIRST, background: WEEK_BG }}>
      <Text span inherit fs="italic">
        {monthTitle(before)}
      </Text>
    </Table.Td>
  );
  return (
    <Table.Tr data-testid="year-earlier-row" fs="italic">
      {title}
      {earlierMonths ? (
        <Numbers
          groups={groups}
          auditors={auditors}
          cells={found?.totals ?? Object.fromEntries(auditors.map((name) => [name, emptyTotals()]))}
          scope={{ ...monthDates(before), columns: {} }}
        />
      ) : (
        <Table.Td colSpan={columns - 1}>
          <Text span inherit c="dimmed">
            Loading…
          </Text>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function CategoryToggle({
  group,
  open,
  onToggle,
}: {
  group: ComparisonGroup;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <UnstyledButton onClick={onToggle} aria-expanded={open} fz="xs" fw={700}>
      <Group gap={2} wrap="nowrap" justify="center">
        {open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
        {group.label}
      </Group>
    </UnstyledButton>
  );
}

/**
 * 'Leads Data Comparison': months, then weeks; each measure with the two auditors side
 * by side; categories unfold into their parts. The header rows and the period column stay
 * in view while the table scrolls.
 */
export function ComparisonTable({
  months,
  auditors,
  earlierMonths,
  showEarlier,
  onShowEarlierChange,
  onExport,
  exporting,
}: ComparisonTableProps) {
  const [expanded, setExpanded] = useState<Expanded>(ALL_COLLAPSED);
  // months show their weeks unless collapsed
  const [collapsedMonths, setCollapsedMonths] = useState<Set<string>>(new Set());
  const toggle = (id: CategoryId) => setExpanded((current) => ({ ...current, [id]: !current[id] }));
  const toggleMonth = (key: string) =>
    setCollapsedMonths((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const setAll = (open: boolean) => {
    setExpanded(open ? ALL_EXPANDED : ALL_COLLAPSED);
    setCollapsedMonths(open ? new Set() : new Set(months.map((month) => month.key)));
  };
  const groups = comparisonGroups(expanded);
  const depth = headerDepth(groups);
  const names = shortNames(auditors);
  const columns = 1 + groups.reduce((sum, group) => sum + group.parts.length * auditors.length, 0);

  return (
    <Paper withBorder p="md" mb="lg">
      <Group justify="space-between" mb="sm">
        <Group gap="md">
          <Title order={2} size="h4">
            Leads Data Comparison
          </Title>
          <Group gap="sm" data-testid="auditor-legend">
            {auditors.map((auditor, index) => (
              <Text key={auditor} size="xs" fw={600} c={textColor(index)}>
                ● {names[index]}
                {names[index] !== auditor && ` = ${auditor}`}
              </Text>
            ))}
          </Group>
        </Group>
        <Group gap="xs">
          <Switch
            size="xs"
            mr="xs"
            label="Same month a year earlier"
            checked={showEarlier}
            onChange={(event) => onShowEarlierChange(event.currentTarget.checked)}
          />
          <Button size="xs" variant="default" onClick={() => setAll(true)}>
            Expand All
          </Button>
          <Button size="xs" variant="default" onClick={() => setAll(false)}>
            Collapse All
          </Button>
          <ExportMenu formats={['xlsx']} onExport={onExport} busy={exporting ? 'xlsx' : null} />
        </Group>
      </Group>
      <Box
        style={{ overflow: 'auto', maxHeight: 'max(420px, calc(100dvh - 160px))' }}
        data-testid="comparison-scroll"
      >
        <Table
          // Separate borders, drawn by each cell: with collapsed ones the rows scrolling under the
          // sticky header show through its border lines.
          styles={{
            thead: { background: WEEK_BG, boxShadow: '0 1px 0 var(--mantine-color-gray-4)', zIndex: 2 },
            th: { borderBottom: CELL_BORDER },
            td: { borderBottom: CELL_BORDER },
          }}
          withTableBorder
          withColumnBorders
          stickyHeader
          fz="xs"
          horizontalSpacing={3}
          verticalSpacing={3}
          data-testid="comparison-table"
          style={{ minWidth: '100%', borderCollapse: 'separate', borderSpacing: 0 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={depth} style={{ ...STICKY_FIRST, zIndex: 3, background: WEEK_BG }}>
                Period
              </Table.Th>
              {groups.map((group) => (
                <Table.Th
                  key={group.id}
                  colSpan={group.parts.length * auditors.length}
                  rowSpan={group.parts[0]!.label === null ? depth - 1 : 1}
                  ta="center"
                  style={{ ...HEAD, ...GROUP_START }}
                >
                  {group.category ? (
                    <CategoryToggle
                      group={group}
                      open={expanded[group.category]}
                      onToggle={() => toggle(group.category!)}
                    />
                  ) : (
                    group.label
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
            {depth === 3 && (
              <Table.Tr>
                {groups.flatMap((group) =>
                  group.parts
                    .filter((part) => part.label !== null)
                    .map((part) => (
                      <Table.Th
                        key={part.key}
                        colSpan={auditors.length}
                        ta="center"
                        fw={500}
                        style={GROUP_START}
                      >
                        {part.label}
                      </Table.Th>
                    )),
                )}
              </Table.Tr>
            )}
            <Table.Tr>
              {groups.flatMap((group) =>
                group.parts.flatMap((part) =>
                  auditors.map((auditor, index) => (
                    <Table.Th
                      key={`${part.key}-${auditor}`}
                      title={auditor}
                      ta="right"
                      fw={600}
                      style={{ ...HEAD, color: colorVar(index), ...(index === 0 ? GROUP_START : {}) }}
                    >
                      {names[index]}
                    </Table.Th>
                  )),
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text c="dimmed" ta="center" py="md">
                    No leads in this period.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {months.map((month) => {
              const open = !collapsedMonths.has(month.key);
              return (
                <Fragment key={month.key}>
                  <Table.Tr fw={700} bg="gray.1">
                    <Table.Td style={{ ...STICKY_FIRST, background: MONTH_BG }}>
                      <UnstyledButton
                        onClick={() => toggleMonth(month.key)}
                        aria-expanded={open}
                        fz="xs"
                        fw={700}
                      >
                        <Group gap={2} wrap="nowrap">
                          {open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
                          {monthTitle(month)}
                        </Group>
                      </UnstyledButton>
                    </Table.Td>
                    <Numbers
                      groups={groups}
                      auditors={auditors}
                      cells={month.totals}
                      scope={{ ...monthDates(month), columns: {} }}
                    />
                  </Table.Tr>
                  {showEarlier && (
                    <YearEarlierRow
                      month={month}
                      earlierMonths={earlierMonths}
                      groups={groups}
                      auditors={auditors}
                      columns={columns}
                    />
                  )}
                  {open &&
                    month.weeks.map((week) => (
                      <Table.Tr key={week.week}>
                        <Table.Td pl="lg" style={{ ...STICKY_FIRST, background: WEEK_BG }}>
                          {weekLabel(week.week)}
                        </Table.Td>
                        <Numbers
                          groups={groups}
                          auditors={auditors}
                          cells={week.byAuditor}
                          scope={{ ...monthDates(month), columns: { weekView: `=${weekLabel(week.week)}` } }}
                        />
                      </Table.Tr>
                    ))}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
    </Paper>
  );
}
