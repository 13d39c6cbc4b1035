import { Button, Group, Paper, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { totalOf, type AuditorCell, type MonthGroup } from './groupGrid';
import { FAMILY_TYPES, FUEL_TYPES, PROVIDERS } from './schedulingTypes';

const CATEGORIES = [
  { id: 'fuel', label: 'Fuel Types', map: 'fuelTypes', keys: FUEL_TYPES },
  { id: 'providers', label: 'Providers', map: 'providers', keys: PROVIDERS },
  { id: 'family', label: 'Family Types', map: 'houseTypes', keys: FAMILY_TYPES },
] as const;
type CategoryId = (typeof CATEGORIES)[number]['id'];

interface ComparisonTableProps {
  months: MonthGroup[];
  auditors: readonly string[];
}

function Cells({ cell, expanded }: { cell: AuditorCell; expanded: Record<CategoryId, boolean> }) {
  return (
    <>
      <Table.Td>{cell.customers}</Table.Td>
      <Table.Td>{cell.units}</Table.Td>
      <Table.Td>{cell.referrals}</Table.Td>
      {CATEGORIES.map((category) =>
        expanded[category.id] ? (
          category.keys.map((key) => <Table.Td key={key}>{cell[category.map][key] ?? 0}</Table.Td>)
        ) : (
          <Table.Td key={category.id}>{totalOf(cell[category.map], category.keys)}</Table.Td>
        ),
      )}
    </>
  );
}

/** 'Leads Data Comparison': months, then weeks, per auditor; categories expand into their parts. */
export function ComparisonTable({ months, auditors }: ComparisonTableProps) {
  const [expanded, setExpanded] = useState<Record<CategoryId, boolean>>({
    fuel: false,
    providers: false,
    family: false,
  });
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
    setExpanded({ fuel: open, providers: open, family: open });
    setCollapsedMonths(open ? new Set() : new Set(months.map((month) => month.key)));
  };
  const columnsPerAuditor =
    3 + CATEGORIES.reduce((sum, category) => sum + (expanded[category.id] ? category.keys.length : 1), 0);

  return (
    <Paper withBorder p="md" mb="lg">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Leads Data Comparison</Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setAll(true)}>
            Expand All
          </Button>
          <Button size="xs" variant="default" onClick={() => setAll(false)}>
            Collapse All
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder withColumnBorders striped fz="sm" data-testid="comparison-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>Period</Table.Th>
              {auditors.map((auditor) => (
                <Table.Th key={auditor} colSpan={columnsPerAuditor} ta="center">
                  {auditor}
                </Table.Th>
              ))}
            </Table.Tr>
            <Table.Tr>
              {auditors.map((auditor) => (
                <Fragment key={auditor}>
                  <Table.Th>Customers</Table.Th>
                  <Table.Th>Units</Table.Th>
                  <Table.Th>Referrals</Table.Th>
                  {CATEGORIES.map((category) => (
                    <Fragment key={category.id}>
                      <Table.Th colSpan={expanded[category.id] ? category.keys.length : 1}>
                        <UnstyledButton
                          onClick={() => toggle(category.id)}
                          aria-expanded={expanded[category.id]}
                          fz="sm"
                          fw={700}
                        >
                          <Group gap={2} wrap="nowrap">
                            {expanded[category.id] ? (
                              <IconChevronDown size={14} />
                            ) : (
                              <IconChevronRight size={14} />
                            )}
                            {category.label}
                          </Group>
                        </UnstyledButton>
                      </Table.Th>
                    </Fragment>
                  ))}
                </Fragment>
              ))}
            </Table.Tr>
            {CATEGORIES.some((category) => expanded[category.id]) && (
              <Table.Tr>
                <Table.Th />
                {auditors.map((auditor) => (
                  <Fragment key={auditor}>
                    <Table.Th colSpan={3} />
                    {CATEGORIES.map((category) =>
                      expanded[category.id] ? (
                        category.keys.map((key) => (
                          <Table.Th key={key} fz="xs">
                            {key}
                          </Table.Th>
                        ))
                      ) : (
                        <Table.Th key={category.id} />
                      ),
                    )}
                  </Fragment>
                ))}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>
            {months.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={1 + columnsPerAuditor * auditors.length}>
                  <Text c="dimmed" ta="center" py="md">
                    No leads in this period.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {months.map((month) => (
              <Fragment key={month.key}>
                <Table.Tr fw={700} bg="gray.1">
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => toggleMonth(month.key)}
                      aria-expanded={!collapsedMonths.has(month.key)}
                      fz="sm"
                      fw={700}
                    >
                      <Group gap={2} wrap="nowrap">
                        {collapsedMonths.has(month.key) ? (
                          <IconChevronRight size={14} />
                        ) : (
                          <IconChevronDown size={14} />
                        )}
                        {month.label}
                      </Group>
                    </UnstyledButton>
                  </Table.Td>
                  {auditors.map((auditor) => (
                    <Cells key={auditor} cell={month.totals[auditor]!} expanded={expanded} />
                  ))}
                </Table.Tr>
                {!collapsedMonths.has(month.key) &&
                  month.weeks.map((week) => (
                    <Table.Tr key={week.week}>
                      <Table.Td pl="lg">{week.label}</Table.Td>
                      {auditors.map((auditor) => (
                        <Cells key={auditor} cell={week.byAuditor[auditor]!} expanded={expanded} />
                      ))}
                    </Table.Tr>
                  ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
