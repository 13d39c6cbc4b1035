import { Button, Group, Text, TextInput } from '@mantine/core';

interface DateRangeFilterProps {
  startDate: string;
  endDate: string;
  onChange: (range: { startDate: string; endDate: string }) => void;
}

export function DateRangeFilter({ startDate, endDate, onChange }: DateRangeFilterProps) {
  return (
    <Group gap="xs" align="center">
      <Text size="sm" fw={500}>
        Scheduled Date:
      </Text>
      <TextInput
        type="date"
        aria-label="Start Date"
        size="xs"
        value={startDate}
        onChange={(event) => onChange({ startDate: event.currentTarget.value, endDate })}
      />
      <Text size="sm">to</Text>
      <TextInput
        type="date"
        aria-label="End Date"
        size="xs"
        value={endDate}
        onChange={(event) => onChange({ startDate, endDate: event.currentTarget.value })}
      />
      {(startDate || endDate) && (
        <Button size="xs" variant="subtle" onClick={() => onChange({ startDate: '', endDate: '' })}>
          Clear
        </Button>
      )}
    </Group>
  );
}
