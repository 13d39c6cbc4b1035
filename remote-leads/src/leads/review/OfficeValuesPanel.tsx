import {
  ApiError,
  formatDateTime,
  formatRelativeTime,
  useBusinessTimeZone,
  type LeadDetail,
  type OfficeValue,
} from '@auditdesk/shared';
import { Alert, Button, Group, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { valueText } from '../history/describeHistoryEntry';
import { LEAD_FIELD_LABELS } from '../leadFieldLabels';
import { leadDetailQuery, resolveCalendarDeletion, resolveOfficeValue } from '../leadsApi';

interface OfficeValuesPanelProps {
  leadId: number;
  /** Whether the person may decide (Admin, Manager); others read only. */
  canEdit: boolean;
  /** After a decision: the lead as it is now, for the form to start from. */
  onResolved: (lead: LeadDetail) => void;
}

const when = (at: string) => <span title={formatDateTime(at)}>{formatRelativeTime(at)}</span>;

/**
 * What a calendar lead holds of the office's own: the fields changed here (kept over the
 * calendar's), the ones the calendar changed too (a decision per field: keep ours, or use the
 * calendar's), and an event the calendar deleted. Nothing is decided without a person.
 */
export function OfficeValuesPanel({ leadId, canEdit, onResolved }: OfficeValuesPanelProps) {
  const detail = useQuery(leadDetailQuery(leadId));
  const timeZone = useBusinessTimeZone();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lead = detail.data;
  if (!lead || lead.source !== 'calendar') return null;

  const decide = async (key: string, action: () => Promise<LeadDetail>) => {
    setBusy(key);
    setError(null);
    try {
      onResolved(await action());
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 412
          ? 'Someone changed this lead since you opened it; the values below are up to date now. Decide again.'
          : failure instanceof Error
            ? failure.message
            : 'The decision could not be saved.',
      );
      void detail.refetch();
    } finally {
      setBusy(null);
    }
  };
  /** A button that decides: busy while its own request runs. */
  const choice = (
    key: string,
    action: () => Promise<LeadDetail>,
    text: string,
    props: Omit<ButtonProps, 'children' | 'loading' | 'onClick'> & { 'aria-label'?: string } = {},
  ) => (
    <Button
      size="xs"
      variant="default"
      {...props}
      loading={busy === key}
      onClick={() => void decide(key, action)}
    >
      {text}
    </Button>
  );
  /** Keeps the office's value ('office') or puts the calendar's back ('calendar'). */
  const fieldChoice = (value: OfficeValue, use: 'office' | 'calendar') =>
    [`${value.field}-${use}`, () => resolveOfficeValue(lead.id, value.field, use, lead.version)] as const;
  const label = (value: OfficeValue) => LEAD_FIELD_LABELS[value.field];
  const shown = (value: OfficeValue, which: 'officeValue' | 'calendarValue') =>
    valueText(value.field, value[which], timeZone);
  const conflicts = lead.officeValues.filter((value) => value.conflict);
  const edits = lead.officeValues.filter((value) => !value.conflict);

  return (
    <Stack gap="xs" mb="sm" data-testid="office-values">
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {lead.calendarDeletedAt && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Deleted in the calendar">
          <Text size="sm">
            A sync found this appointment deleted in the calendar {when(lead.calendarDeletedAt)}. It was
            changed here, so it was kept until someone decides.
          </Text>
          {canEdit && (
            <Group gap="xs" mt="xs">
              {choice(
                'deletion-office',
                () => resolveCalendarDeletion(lead.id, 'office', lead.version),
                'Keep it as a manual lead',
              )}
              {choice(
                'deletion-calendar',
                () => resolveCalendarDeletion(lead.id, 'calendar', lead.version),
                'Delete it, as the calendar did',
                { color: 'red', variant: 'light' },
              )}
            </Group>
          )}
        </Alert>
      )}
      {conflicts.length > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title="Needs review: the calendar changed what was changed here"
        >
          <Stack gap="xs">
            {conflicts.map((value) => (
              <div key={value.field} data-testid={`conflict-${value.field}`}>
                <Text size="sm" fw={600}>
                  {label(value)}
                </Text>
                <Text size="sm">
                  Here: <b>{shown(value, 'officeValue')}</b> — {value.editedBy.name ?? 'someone'},{' '}
                  {when(value.editedAt)}
                </Text>
                <Text size="sm">
                  Calendar: <b>{shown(value, 'calendarValue')}</b> —{' '}
                  {value.calendarChangedBy?.runId
                    ? `Sync #${value.calendarChangedBy.runId}`
                    : value.calendarChangedBy
                      ? 'read when writing to the calendar'
                      : 'a sync'}
                  , {value.calendarChangedBy && when(value.calendarChangedBy.at)}
                </Text>
                {canEdit && (
                  <Group gap="xs" mt={4}>
                    {choice(...fieldChoice(value, 'office'), 'Keep ours')}
                    {choice(...fieldChoice(value, 'calendar'), 'Use the calendar’s', { variant: 'light' })}
                  </Group>
                )}
              </div>
            ))}
          </Stack>
        </Alert>
      )}
      {edits.length > 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Changed here, kept over the calendar">
          <Stack gap={4}>
            {edits.map((value) => (
              <Group key={value.field} gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {label(value)}: <b>{shown(value, 'officeValue')}</b> ({value.editedBy.name ?? 'someone'},{' '}
                  {when(value.editedAt)}) — the calendar says {shown(value, 'calendarValue')}
                </Text>
                {canEdit &&
                  choice(...fieldChoice(value, 'calendar'), 'Use the calendar’s', {
                    size: 'compact-xs',
                    variant: 'subtle',
                    'aria-label': `Use the calendar’s ${label(value)}`,
                  })}
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : (
        conflicts.length === 0 &&
        !lead.calendarDeletedAt && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            This lead comes from the calendar. Changes made here are kept when the calendar changes; a field
            changed in both places is marked Needs review.
          </Alert>
        )
      )}
    </Stack>
  );
}
