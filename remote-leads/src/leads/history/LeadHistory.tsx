import {
  api,
  formatDateTime,
  formatRelativeTime,
  LoadErrorPanel,
  queryKeys,
  routes,
  useBusinessTimeZone,
} from '@auditdesk/shared';
import { Loader, Text, Timeline } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowMerge,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ActionNote } from './ActionNote';
import { describeHistoryEntry } from './describeHistoryEntry';

/** Under the leads' key: whatever refreshes the leads (an edit, a sync) refreshes it. */
export const leadHistoryQuery = (id: number) => ({
  queryKey: [...queryKeys.leads, id, 'history'],
  queryFn: () => api(routes.leadsHistory, { params: { id }, query: { pageSize: 200 } }),
});

const ICON_SIZE = 12;

/** The lead's changes (and those of the leads merged into it) as a timeline a person can read, newest first. */
export function LeadHistory({ leadId }: { leadId: number }) {
  const history = useQuery(leadHistoryQuery(leadId));
  const timeZone = useBusinessTimeZone();
  if (history.isPending) return <Loader size="sm" aria-label="Loading the history" />;
  if (history.isError)
    return (
      <LoadErrorPanel
        title="The history could not be loaded"
        message={history.error.message}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  const { items, total } = history.data;
  if (items.length === 0) return <Text c="dimmed">No changes recorded yet.</Text>;
  return (
    <>
      <Timeline bulletSize={20} lineWidth={2} data-testid="lead-history">
        {items.map((entry) => (
          <Timeline.Item
            key={entry.id}
            bullet={
              entry.kind === 'created' ? (
                <IconPlus size={ICON_SIZE} />
              ) : entry.kind === 'deleted' ? (
                <IconTrash size={ICON_SIZE} />
              ) : entry.kind === 'restored' ? (
                <IconArrowBackUp size={ICON_SIZE} />
              ) : entry.kind === 'merged' ? (
                <IconArrowMerge size={ICON_SIZE} />
              ) : entry.by.kind === 'sync' ? (
                <IconRefresh size={ICON_SIZE} />
              ) : (
                <IconPencil size={ICON_SIZE} />
              )
            }
          >
            <Text size="sm">{describeHistoryEntry(entry, timeZone)}</Text>
            {entry.leadId !== leadId && (
              <Text size="xs" c="dimmed">
                On a lead merged into this one (#{entry.leadId})
              </Text>
            )}
            {entry.action && <ActionNote action={entry.action} />}
            <Text size="xs" c="dimmed" title={formatDateTime(entry.at)}>
              {formatRelativeTime(entry.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {total > items.length && (
        <Text size="xs" c="dimmed" mt="sm">
          The {items.length} newest of {total} changes.
        </Text>
      )}
    </>
  );
}
