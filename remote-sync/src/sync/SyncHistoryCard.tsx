import {
  formatDateTime,
  formatDuration,
  formatNumber,
  leadsViewHref,
  type SyncHistoryEntry,
} from '@auditdesk/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Pagination,
  Skeleton,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { HISTORY_PAGE_SIZE, syncHistoryQuery } from './syncApi';
import { OUTCOMES, pageCount, rangeLabel, startedByLabel } from './syncHistory';

const CONTROL_LABELS = { first: 'First', previous: 'Previous', next: 'Next', last: 'Last' };
const COLUMNS = [
  'When',
  'Started by',
  'Range',
  'Outcome',
  'Created',
  'Updated',
  'Deleted',
  'Duration',
  'Leads',
];
const NUMBERS_FROM = COLUMNS.indexOf('Created');

function RunRow({ entry }: { entry: SyncHistoryEntry }) {
  const [open, setOpen] = useState(false);
  const outcome = OUTCOMES[entry.status];
  const failed = entry.status === 'failed';
  return (
    <>
      <Table.Tr data-testid={`sync-run-${entry.id}`}>
        {/* the unfold button has a column of its own, so every value sits under its header */}
        <Table.Td w={36} pr={0}>
          {failed && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} why run ${entry.id} failed`}
              onClick={() => setOpen(!open)}
            >
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          )}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.startedAt)}</Table.Td>
        <Table.Td>{startedByLabel(entry)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{rangeLabel(entry)}</Table.Td>
        <Table.Td>
          <Badge color={outcome.color} variant="light">
            {outcome.label}
          </Badge>
        </Table.Td>
        <Table.Td ta="right">{formatNumber(entry.eventsCreated)}</Table.Td>
        <Table.Td ta="right">{formatNumber(entry.eventsUpdated)}</Table.Td>
        <Table.Td ta="right">{formatNumber(entry.eventsDeleted)}</Table.Td>
        <Table.Td ta="right">{formatDuration(entry.durationMs)}</Table.Td>
        <Table.Td ta="right">
          {entry.eventsCreated + entry.eventsUpdated > 0 && (
            <Anchor
              component={Link}
              to={leadsViewHref({ run: entry.id })}
              size="sm"
              aria-label={`Open what run ${entry.id} created or changed`}
            >
              Open
            </Anchor>
          )}
        </Table.Td>
      </Table.Tr>
      {failed && open && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS.length + 1} bg="red.0">
            <Text size="sm" c="red.9" style={{ whiteSpace: 'pre-wrap' }}>
              {entry.message || 'The run failed without a message.'}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Past runs, newest first, a page at a time; a failed run unfolds to its message. */
export function SyncHistoryCard() {
  const [page, setPage] = useState(1);
  const history = useQuery({ ...syncHistoryQuery(page), placeholderData: keepPreviousData });
  const total = history.data?.total ?? 0;
  const pages = pageCount(total, HISTORY_PAGE_SIZE);

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          History
        </Title>
        {history.data && (
          <Text size="sm" c="dimmed">
            {formatNumber(total)} {total === 1 ? 'run' : 'runs'}
          </Text>
        )}
      </Group>
      {history.error ? (
        <Alert color="red" role="alert" title="The history could not be loaded">
          {history.error.message}
        </Alert>
      ) : !history.data ? (
        <Skeleton h={160} />
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed">No sync has run yet.</Text>
      ) : (
        <>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="sync-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36} pr={0}>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
                {COLUMNS.map((column, index) => (
                  <Table.Th key={column} ta={index >= NUMBERS_FROM ? 'right' : undefined}>
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.items.map((entry) => (
                <Fragment key={entry.id}>
                  <RunRow entry={entry} />
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && (
            <Group justify="space-between" mt="sm">
              <Text size="sm" c="dimmed">
                Page {page} of {pages}
              </Text>
              <Pagination
                size="sm"
                total={pages}
                value={page}
                onChange={setPage}
                withEdges
                getControlProps={(control) => ({ 'aria-label': `${CONTROL_LABELS[control]} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Group>
          )}
        </>
      )}
    </Card>
  );
}
