import { Group, Paper, Select, Text } from '@mantine/core';
import { yearOptions } from './period';
import { MONTH_NAMES, type Period } from './schedulingTypes';

const MONTHS = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

export function PeriodRangePicker({
  period,
  onChange,
}: {
  period: Period;
  onChange: (next: Period) => void;
}) {
  const years = yearOptions().map(String);
  const select = (label: string, key: keyof Period, data: typeof MONTHS | string[]) => (
    <Select
      label={label}
      size="xs"
      w={140}
      data={data}
      value={String(period[key])}
      allowDeselect={false}
      onChange={(value) => value && onChange({ ...period, [key]: Number(value) })}
    />
  );
  return (
    <Paper withBorder p="md" mb="lg">
      <Text fw={600} mb="xs">
        Period Range
      </Text>
      <Group>
        {select('Start Month', 'startMonth', MONTHS)}
        {select('Start Year', 'startYear', years)}
        {select('End Month', 'endMonth', MONTHS)}
        {select('End Year', 'endYear', years)}
      </Group>
    </Paper>
  );
}
