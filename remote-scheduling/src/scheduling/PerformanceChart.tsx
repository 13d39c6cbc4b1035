import '@mantine/charts/styles.css';
import { formatNumber, type GridRecord } from '@auditdesk/shared';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Select, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  barLabel,
  barLeads,
  CATEGORIES,
  CATEGORY_MEANING,
  chartSeries,
  earlierKey,
  minBarHeight,
  SUB_OPTIONS,
  xCaption,
  yTicks,
  type Category,
} from './chartSeries';
import { countHref } from './leadsOfCount';
import { monthDates, periodLabel } from './period';
import { AUDITOR_COLORS, AUDITOR_EARLIER_COLORS, type Period } from './schedulingTypes';

/** A bar is never wider than this, even for a single month. */
const MAX_BAR_WIDTH = 40;

/** 'Performance Statistics - Auditors': monthly bars per auditor for a category. */
export function PerformanceChart({
  records,
  period,
  auditors,
  earlier,
  showEarlier,
  onShowEarlierChange,
}: {
  records: GridRecord[];
  period: Period;
  auditors: readonly string[];
  /** The same months a year earlier, once read (only asked for while shown). */
  earlier: GridRecord[] | undefined;
  showEarlier: boolean;
  onShowEarlierChange: (show: boolean) => void;
}) {
  const [category, setCategory] = useState<Category>('All Categories');
  const [only, setOnly] = useState<string | null>(null);
  const sub = SUB_OPTIONS[category];
  const overlay = showEarlier ? earlier : undefined;
  const series = auditors.flatMap((auditor, index) => [
    { name: auditor, color: AUDITOR_COLORS[index % AUDITOR_COLORS.length]!, auditor, yearsBack: 0 },
    ...(overlay
      ? [
          {
            name: earlierKey(auditor),
            color: AUDITOR_EARLIER_COLORS[index % AUDITOR_EARLIER_COLORS.length]!,
            auditor,
            yearsBack: 1,
          },
        ]
      : []),
  ]);
  const data = chartSeries(records, period, auditors, category, only, overlay);
  const ticks = yTicks(
    data,
    series.map((item) => item.name),
  );
  const navigate = useNavigate();
  // a bar opens its leads, as the table's numbers do (there, also by keyboard)
  const leads = barLeads(category, only);
  const openBar = (name: string, row: Record<string, string | number>) => {
    const bar = series.find((item) => item.name === name);
    if (!leads || !bar) return;
    navigate(
      countHref(leads, {
        ...monthDates({ year: Number(row.year) - bar.yearsBack, month: Number(row.monthNumber) }),
        columns: {},
        auditor: bar.auditor,
      }),
    );
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} size="h4">
            Performance Statistics - Auditors
          </Title>
          <Text size="sm" c="dimmed" data-testid="chart-period">
            {periodLabel(period)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="chart-counts">
            {CATEGORY_MEANING[category]}
            {leads && ' Click a bar to open its leads.'}
          </Text>
        </div>
        <Group gap="md">
          <Switch
            size="xs"
            label="A year earlier"
            checked={showEarlier}
            onChange={(event) => onShowEarlierChange(event.currentTarget.checked)}
          />
          <Select
            aria-label="Category"
            size="xs"
            w={180}
            data={[...CATEGORIES]}
            value={category}
            allowDeselect={false}
            onChange={(value) => {
              setCategory((value as Category) ?? 'All Categories');
              setOnly(null);
            }}
          />
        </Group>
      </Group>
      {sub && (
        <Group mb="sm" gap="xs">
          <SegmentedControl
            size="xs"
            value={only ?? ''}
            onChange={(value) => setOnly(value || null)}
            data={sub.options.map((option, index) => ({ value: option, label: sub.labels[index]! }))}
          />
          <Button size="xs" variant="subtle" onClick={() => setOnly(null)}>
            Show All
          </Button>
        </Group>
      )}
      <BarChart
        h={300}
        data={data}
        dataKey="month"
        series={series.map(({ name, color }) => ({ name, color }))}
        withLegend
        withBarValueLabel
        valueFormatter={formatNumber}
        valueLabelProps={{ formatter: barLabel }}
        yAxisProps={{ ticks, domain: [0, ticks[4]!], allowDecimals: false }}
        // every month gets its label, however many there are
        xAxisProps={{ interval: 0 }}
        barProps={(series) => ({
          minPointSize: minBarHeight(only || sub ? 20 : 32),
          cursor: leads ? 'pointer' : undefined,
          onClick: (bar: { payload?: Record<string, string | number> }) =>
            bar.payload && openBar(series.name, bar.payload),
        })}
        maxBarWidth={MAX_BAR_WIDTH}
        data-testid="performance-chart"
      />
      <Text size="sm" c="dimmed" ta="center" mt="xs" data-testid="chart-caption">
        {xCaption(period)}
      </Text>
    </Paper>
  );
}
