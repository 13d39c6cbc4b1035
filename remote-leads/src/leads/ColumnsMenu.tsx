import { Anchor, Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { DEFAULT_HIDDEN_COLUMNS, LEAD_COLUMNS, type LeadColumnId } from './leadTypes';

export type ColumnVisibility = Partial<Record<LeadColumnId, boolean>>;

export const defaultVisibility = (): ColumnVisibility =>
  Object.fromEntries(DEFAULT_HIDDEN_COLUMNS.map((id) => [id, false]));
/** The column that names the lead stays: Hide All never leaves rows of bare edit icons. */
const allTo = (visible: boolean): ColumnVisibility =>
  Object.fromEntries(LEAD_COLUMNS.map((column) => [column.id, visible || column.alwaysShown]));

export function ColumnsMenu({
  visibility,
  onChange,
}: {
  visibility: ColumnVisibility;
  onChange: (next: ColumnVisibility) => void;
}) {
  return (
    // a popover, not a menu: its content is checkboxes and links, which a menu may not hold
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<IconColumns size={14} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Group gap="sm" mb="xs">
          <Anchor size="xs" component="button" onClick={() => onChange(allTo(true))}>
            Show All
          </Anchor>
          <Anchor size="xs" component="button" onClick={() => onChange(allTo(false))}>
            Hide All
          </Anchor>
          <Anchor size="xs" component="button" onClick={() => onChange(defaultVisibility())}>
            Default
          </Anchor>
        </Group>
        <Stack gap={6}>
          {LEAD_COLUMNS.map((column) => (
            <Checkbox
              key={column.id}
              size="xs"
              label={column.header}
              checked={column.alwaysShown || visibility[column.id] !== false}
              disabled={column.alwaysShown}
              description={column.alwaysShown ? 'Always shown' : undefined}
              onChange={(event) => onChange({ ...visibility, [column.id]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
