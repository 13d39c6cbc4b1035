import {
  BULK_FIELDS,
  ExportMenu,
  formatNumber,
  LEAD_FIELD_LABELS,
  useBusinessTimeZone,
  useExport,
  type BulkField,
  type ChangedLead,
} from '@auditdesk/shared';
import { Alert, Button, Group, Menu, Modal, Paper, Text } from '@mantine/core';
import { IconArrowMerge, IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ColumnVisibility } from '../ColumnsMenu';
import type { ChoiceField } from '../knownValues';
import { leadsExportName, leadsExportTable } from '../leadsExport';
import { bulkChange, bulkDelete, changedLeadsOf, type DoneAction } from './bulkApi';
import { BulkChangeDialog } from './BulkChangeDialog';
import { changedLeadsText } from './changedLeadsText';
import { showUndoToast } from './undoToast';
import type { LeadSelection } from './useLeadSelection';

interface BulkActionBarProps {
  selection: LeadSelection;
  visibility: ColumnVisibility;
  choices: Record<ChoiceField, string[]>;
  /** Reads the leads again (after a refusal: someone changed some of them). */
  onReload: () => void;
  /** Opens the merge of the two selected leads. */
  onMerge: (a: number, b: number) => void;
}

const leadsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'lead' : 'leads'}`;

/**
 * What can be done to the selected leads at once: change a field, export, delete, merge two. Each is
 * all or nothing on the server and can be undone from the message that follows.
 */
export function BulkActionBar({ selection, visibility, choices, onReload, onMerge }: BulkActionBarProps) {
  const { rows, matchingCount } = selection;
  const [changing, setChanging] = useState<BulkField | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [refused, setRefused] = useState<ChangedLead[] | null>(null);
  const timeZone = useBusinessTimeZone();
  const exporter = useExport(() => leadsExportTable(rows, visibility, timeZone), leadsExportName);

  /** Runs the action; a refusal for changed leads is told in the bar, other failures thrown. */
  const run = async (action: () => Promise<DoneAction>) => {
    try {
      const done = await action();
      selection.clear();
      setRefused(null);
      showUndoToast(done.action, done.before);
    } catch (error) {
      const changed = changedLeadsOf(error);
      if (!changed) throw error;
      setRefused(changed);
    }
  };
  const change = (field: BulkField) => async (value: string) => {
    await run(() => bulkChange(rows, { [field]: value }));
    setChanging(null);
  };
  const confirmDelete = async () => {
    try {
      await run(() => bulkDelete(rows));
      setDeleting(false);
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : 'The leads could not be deleted.');
    }
  };

  if (rows.length === 0 && !refused) return null;
  return (
    <Paper withBorder p="xs" mb="sm" bg="var(--mantine-color-blue-light)" data-testid="bulk-bar">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} role="status">
            {leadsText(rows.length)} selected
          </Text>
          {rows.length < matchingCount && (
            <Button size="compact-sm" variant="subtle" onClick={selection.selectAllMatching}>
              Select all {formatNumber(matchingCount)} matching
            </Button>
          )}
        </Group>
        {rows.length > 0 && (
          <Group gap="xs">
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <Button size="xs" rightSection={<IconChevronDown size={12} />}>
                  Change
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {BULK_FIELDS.map((field) => (
                  <Menu.Item key={field} onClick={() => setChanging(field)}>
                    {LEAD_FIELD_LABELS[field]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            {rows.length === 2 && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconArrowMerge size={14} />}
                onClick={() => onMerge(rows[0]!.id, rows[1]!.id)}
              >
                Merge…
              </Button>
            )}
            <ExportMenu
              label="Export selection"
              formats={['xlsx', 'csv']}
              onExport={(format) => void exporter.download(format)}
              busy={exporter.busy}
            />
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              onClick={() => {
                setDeleteError(null);
                setDeleting(true);
              }}
            >
              Delete
            </Button>
            <Button size="xs" variant="subtle" onClick={selection.clear}>
              Clear selection
            </Button>
          </Group>
        )}
      </Group>
      {refused && (
        <Alert
          color="orange"
          mt="xs"
          title="Nothing was changed"
          withCloseButton
          onClose={() => setRefused(null)}
        >
          <Text size="sm">{changedLeadsText(refused, rows)}</Text>
          <Button
            size="xs"
            mt="xs"
            variant="light"
            onClick={() => {
              setRefused(null);
              onReload();
            }}
          >
            Reload the leads
          </Button>
        </Alert>
      )}
      {changing && (
        <BulkChangeDialog
          field={changing}
          count={rows.length}
          choices={choices}
          onClose={() => setChanging(null)}
          onApply={change(changing)}
        />
      )}
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete ${leadsText(rows.length)}`}
        centered
      >
        <Text mb="md">
          Delete the {leadsText(rows.length)} you selected? They disappear from every screen; Undo in the
          message that follows brings them back.
        </Text>
        {deleteError && (
          <Alert color="red" mb="md">
            {deleteError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirmDelete()}>
            Delete {leadsText(rows.length)}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
