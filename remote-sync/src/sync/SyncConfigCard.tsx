import { type SyncRange, WriteBackNote } from '@auditdesk/shared';
import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { QUICK_RANGES } from './syncDates';

interface SyncConfigCardProps {
  range: SyncRange;
  onRangeChange: (range: SyncRange) => void;
  onStart: () => void;
  running: boolean;
  /** Another run is on (not this screen's): Start waits for it. */
  blocked?: boolean;
  /** Why this person may not start a run (their role); null when they may. */
  refusal?: string | null;
}

export function SyncConfigCard({
  range,
  onRangeChange,
  onStart,
  running,
  blocked = false,
  refusal = null,
}: SyncConfigCardProps) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Configuration
      </Title>
      <Group align="flex-end" mb="sm">
        <TextInput
          type="date"
          label="Start date"
          value={range.startDate}
          onChange={(event) => onRangeChange({ ...range, startDate: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="End date"
          value={range.endDate}
          onChange={(event) => onRangeChange({ ...range, endDate: event.currentTarget.value })}
        />
      </Group>
      <Group gap="xs" mb="md">
        {QUICK_RANGES.map((quick) => (
          <Button
            key={quick.label}
            size="xs"
            variant="default"
            onClick={() => onRangeChange(quick.range(new Date()))}
          >
            {quick.label}
          </Button>
        ))}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        The appointments in the calendar between these dates will be synced to the spreadsheet and the
        database.
      </Text>
      <WriteBackNote mb="md" />
      <Button
        leftSection={<IconPlayerPlay size={16} />}
        onClick={onStart}
        disabled={running || blocked || refusal !== null}
        aria-describedby={refusal ? 'sync-start-refusal' : undefined}
      >
        {running ? 'Synchronizing...' : 'Start Sync'}
      </Button>
      {refusal && (
        <Text id="sync-start-refusal" size="sm" c="dimmed" mt="xs">
          {refusal}
        </Text>
      )}
    </Card>
  );
}
