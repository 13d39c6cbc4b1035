import { CloseButton, Group, Text } from '@mantine/core';

/** Says the table shows only some leads (a sync run's, an import's), with a way back to all of them. */
export function OnlyTheseLeadsChip({
  text,
  failed,
  testId,
  onClear,
}: {
  text: string;
  failed: boolean;
  testId: string;
  onClear: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <Text size="sm" c={failed ? 'red' : undefined}>
        {text}
      </Text>
      <CloseButton size="sm" aria-label="Show all leads" onClick={onClear} />
    </Group>
  );
}
