import { Group, Select, Text } from '@mantine/core';
import { changePair } from './comparedPair';

/** Which two auditors the screen compares; shown only when more than two are configured. */
export function AuditorPairPicker({
  auditors,
  pair,
  onChange,
}: {
  auditors: readonly string[];
  pair: readonly [string, string];
  onChange: (pair: [string, string]) => void;
}) {
  if (auditors.length <= 2) return null;
  const select = (side: 0 | 1, label: string) => (
    <Select
      label={label}
      size="sm"
      w={200}
      data={[...auditors]}
      value={pair[side]}
      allowDeselect={false}
      onChange={(name) => name && onChange(changePair(pair, side, name))}
    />
  );
  return (
    <Group align="flex-end" gap="sm" mb="lg" data-testid="auditor-pair">
      {select(0, 'Auditor')}
      <Text pb={6}>compared with</Text>
      {select(1, 'Second auditor')}
    </Group>
  );
}
