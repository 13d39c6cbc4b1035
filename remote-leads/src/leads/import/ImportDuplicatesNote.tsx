import {
  formatDateTime,
  formatNumber,
  type ImportDuplicateChoices,
  type ImportPreview,
} from '@auditdesk/shared';
import { Alert, Group, SegmentedControl, Text } from '@mantine/core';

/** Says the same file was imported before: when, by whom, and whether that was undone. */
export function AlreadyImportedNote({
  imported,
}: {
  imported: NonNullable<ImportPreview['alreadyImported']>;
}) {
  return (
    <Alert color="yellow" p="xs" title="This file was imported before" data-testid="already-imported">
      The same file was imported on {formatDateTime(imported.at)}
      {imported.by ? ` by ${imported.by}` : ''} (“{imported.label}”)
      {imported.undoneAt ? `, and that import was undone on ${formatDateTime(imported.undoneAt)}` : ''}. The
      rows that look like leads you have are marked below: check them before importing it again.
    </Alert>
  );
}

/** How many rows look like existing leads, and what they all do unless chosen one by one. */
export function DuplicatesChoice({
  count,
  choice,
  disabled,
  onChange,
}: {
  count: number;
  choice: ImportDuplicateChoices['all'];
  disabled: boolean;
  onChange: (all: ImportDuplicateChoices['all']) => void;
}) {
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap" data-testid="import-duplicates">
      <Text size="sm">
        {formatNumber(count)} {count === 1 ? 'row looks' : 'rows look'} like leads you have (the same phone,
        e-mail, or name and address).
      </Text>
      <SegmentedControl
        size="xs"
        aria-label="Rows that look like leads you have"
        value={choice}
        disabled={disabled}
        onChange={(value) => onChange(value as ImportDuplicateChoices['all'])}
        data={[
          { value: 'update', label: 'Update those leads' },
          { value: 'new', label: 'Make new leads' },
        ]}
      />
    </Group>
  );
}
