import { formatNumber, LoadErrorPanel } from '@auditdesk/shared';
import { Checkbox, Group, Loader, Text } from '@mantine/core';
import { useContext } from 'react';
import { DuplicatesContext } from './useDuplicates';

/** The toolbar's "Possible duplicates" box, with how many leads it would list. */
export function DuplicatesFilter({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (only: boolean) => void;
}) {
  const duplicates = useContext(DuplicatesContext);
  const count = duplicates?.count == null ? '' : ` (${formatNumber(duplicates.count)})`;
  return (
    <Checkbox
      size="xs"
      label={`Possible duplicates${count}`}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** While the filter is on: what the list waits for, or why it is empty and how to try again. */
export function DuplicatesStatus() {
  const duplicates = useContext(DuplicatesContext);
  if (!duplicates) return null;
  if (duplicates.error)
    return (
      <LoadErrorPanel
        title="The possible duplicates could not be loaded"
        message={duplicates.error.message}
        onRetry={() => void duplicates.refetch()}
        retrying={duplicates.isFetching}
        mb="sm"
      />
    );
  if (duplicates.isPending)
    return (
      <Group gap="xs" mb="sm" role="status">
        <Loader size="xs" />
        <Text size="sm">Looking for leads with the same phone, e-mail, or name and address…</Text>
      </Group>
    );
  return null;
}
