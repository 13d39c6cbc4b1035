import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { changePeriod, isUsablePeriod, PERIOD_PRESETS, samePeriod, yearOptions } from './period';
import { MONTH_NAMES, type Period } from './schedulingTypes';

const MONTHS = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

/** Start and end month and year; a choice that would reverse the period moves the other end, and says so. */
export function PeriodRangePicker({
  period,
  onChange,
}: {
  period: Period;
  onChange: (next: Period) => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const years = yearOptions().map(String);
  const select = (label: string, key: keyof Period, data: typeof MONTHS | string[]) => (
    <Select
      label={label}
      size="xs"
      w={140}
      data={data}
      value={String(period[key])}
      allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        const change = changePeriod(period, key, Number(value));
        setNotice(change.notice);
        onChange(change.period);
      }}
    />
  );
  return (
    <Paper withBorder p="md" mb="lg">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Period Range</Text>
        <Group gap={6} role="group" aria-label="Quick periods">
          {PERIOD_PRESETS.map((preset) => {
            const presetPeriod = preset.period(new Date());
            // a preset reaching before the first year offered cannot be shown
            if (!isUsablePeriod(presetPeriod)) return null;
            const active = samePeriod(presetPeriod, period);
            return (
              <Button
                key={preset.label}
                size="compact-xs"
                variant={active ? 'light' : 'default'}
                aria-pressed={active}
                onClick={() => {
                  setNotice(null);
                  onChange(presetPeriod);
                }}
              >
                {preset.label}
              </Button>
            );
          })}
        </Group>
      </Group>
      <Group align="flex-end">
        {select('Start Month', 'startMonth', MONTHS)}
        {select('Start Year', 'startYear', years)}
        {select('End Month', 'endMonth', MONTHS)}
        {select('End Year', 'endYear', years)}
        {notice && (
          <Group gap={6} wrap="nowrap" role="status" pb={6}>
            <IconInfoCircle size={16} color="var(--mantine-color-blue-6)" />
            <Text size="sm" c="blue.8">
              {notice}
            </Text>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
