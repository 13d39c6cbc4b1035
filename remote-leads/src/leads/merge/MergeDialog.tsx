import {
  formatDayAndTimeIn,
  LEAD_FIELD_LABELS,
  leadFieldRow,
  LoadErrorPanel,
  useBusinessTimeZone,
  useWriteBackMode,
  type GoneEventChoice,
  type LeadDetail,
  type MergeableLeadField,
} from '@auditdesk/shared';
import { Alert, Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { changedLeadsOf } from '../bulk/bulkApi';
import { showUndoToast } from '../bulk/undoToast';
import { leadDetailQuery } from '../leadsApi';
import { mergeLeads } from './mergeApi';
import { differingFields, mergePair, preselectedPicks, valueOfPick, type MergePick } from './mergeChoices';

function valueText(field: MergeableLeadField, value: string | null, timeZone: string | undefined) {
  if (!value) return '(empty)';
  return leadFieldRow(field).kind === 'date' ? formatDayAndTimeIn(value, timeZone) || value : value;
}

/**
 * Two leads of one household side by side, field by field (DESIGN.md section 24): the person
 * picks each value, preselected (an office value over a calendar value, then the lead changed
 * last, unless empty), and merges them into one; Undo in the message that follows takes it back.
 */
export function MergeDialog({ ids, onClose }: { ids: readonly [number, number]; onClose: () => void }) {
  const details = useQueries({ queries: ids.map((id) => leadDetailQuery(id)) });
  const [first, second] = details.map((query) => query.data);
  const failed = details.find((query) => query.isError);
  return (
    <Modal opened onClose={onClose} title="Merge two leads" size="xl" centered>
      {failed ? (
        <Stack>
          <LoadErrorPanel
            title="The leads could not be loaded"
            message={failed.error?.message ?? ''}
            onRetry={() => details.forEach((query) => void query.refetch())}
            retrying={details.some((query) => query.isFetching)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : !first || !second ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading the leads" />
        </Group>
      ) : first.id === second.id ? (
        <Stack>
          <Text>These are one lead already (one was merged into the other).</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <MergeForm
          key={`${first.version}-${second.version}`}
          first={first}
          second={second}
          onClose={onClose}
          onReload={() => details.forEach((query) => void query.refetch())}
        />
      )}
    </Modal>
  );
}

function MergeForm({
  first,
  second,
  onClose,
  onReload,
}: {
  first: LeadDetail;
  second: LeadDetail;
  onClose: () => void;
  onReload: () => void;
}) {
  const timeZone = useBusinessTimeZone();
  const writeBack = useWriteBackMode();
  const { kept, gone, sides } = mergePair(first, second);
  const fields = differingFields(sides);
  const [picks, setPicks] = useState(() => preselectedPicks(sides));
  const [goneEvent, setGoneEvent] = useState<GoneEventChoice>('leave');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const asksAboutEvent = writeBack === 'on' && gone.source === 'calendar';

  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      const values = Object.fromEntries(
        fields.map(({ field }) => [field, valueOfPick(field, picks[field] ?? 'kept', sides)]),
      );
      const result = await mergeLeads({
        leads: [
          { id: kept.id, version: kept.version },
          { id: gone.id, version: gone.version },
        ],
        values,
        ...(asksAboutEvent ? { goneEvent } : {}),
      });
      onClose();
      showUndoToast(result.action);
    } catch (failure) {
      if (changedLeadsOf(failure)) setStale(true);
      else setError(failure instanceof Error ? failure.message : 'The leads could not be merged.');
    } finally {
      setBusy(false);
    }
  };

  const heading = (lead: LeadDetail, role: string) => (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {lead.customerName || '(no name)'}
      </Text>
      <Text size="xs" c="dimmed">
        {role} · {lead.source === 'calendar' ? 'from the calendar' : 'entered here'} · Lead ID {lead.leadId}
      </Text>
    </Stack>
  );

  return (
    <Stack gap="sm" data-testid="merge-dialog">
      <Text size="sm">
        Pick the value the merged lead keeps where the two differ. The merged lead keeps the Lead ID of{' '}
        {kept.customerName || 'the first'}; the other one is deleted, and its history joins the merged lead’s.
      </Text>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          The two leads hold the same values: merging keeps one of them.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="55vh" type="auto">
          <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={130}>Field</Table.Th>
                <Table.Th>{heading(kept, 'Kept')}</Table.Th>
                <Table.Th>{heading(gone, 'Merged in')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map(({ field, picks: offered }) => {
                const choose = (pick: MergePick) => setPicks((now) => ({ ...now, [field]: pick }));
                const option = (pick: MergePick) => (
                  <Radio
                    name={`merge-${field}`}
                    value={pick}
                    checked={(picks[field] ?? 'kept') === pick}
                    onChange={() => choose(pick)}
                    aria-label={`${LEAD_FIELD_LABELS[field]}: ${valueText(field, valueOfPick(field, pick, sides), timeZone)}`}
                    label={
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {pick === 'both'
                          ? 'Both texts'
                          : valueText(field, valueOfPick(field, pick, sides), timeZone)}
                      </Text>
                    }
                  />
                );
                return (
                  <Table.Tr key={field} data-testid={`merge-field-${field}`}>
                    <Table.Th scope="row">{LEAD_FIELD_LABELS[field]}</Table.Th>
                    <Table.Td>{option('kept')}</Table.Td>
                    <Table.Td>
                      <Stack gap={6}>
                        {option('gone')}
                        {offered.includes('both') && option('both')}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {asksAboutEvent && (
        <Radio.Group
          label="The merged-in lead’s calendar event"
          value={goneEvent}
          onChange={(value) => setGoneEvent(value as GoneEventChoice)}
        >
          <Group mt={4}>
            <Radio value="leave" label="Leave it in the calendar" />
            <Radio value="cancel" label="Cancel it in the calendar" />
          </Group>
        </Radio.Group>
      )}
      {stale && (
        <Alert color="orange" title="Nothing was merged">
          <Text size="sm">Someone changed one of these leads since you opened them.</Text>
          <Button size="xs" mt="xs" variant="light" onClick={onReload}>
            Reload the leads
          </Button>
        </Alert>
      )}
      {error && (
        <Alert color="red" title="Not merged">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={busy} onClick={() => void merge()} disabled={stale}>
          Merge
        </Button>
      </Group>
    </Stack>
  );
}
