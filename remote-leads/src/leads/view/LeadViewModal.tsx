import {
  formatLeadTime,
  formatTimeIn,
  LEAD_FIELD_LABELS,
  leadWeek,
  LoadErrorPanel,
  useBusinessTimeZone,
  weekLabel,
  type LeadDetail,
} from '@auditdesk/shared';
import { Anchor, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LeadHistory } from '../history/LeadHistory';
import { leadDetailQuery } from '../leadsApi';
import { mapSearchHref, safeHref } from '../linkHref';
import { displayStatus, statusColor } from '../leadRows';

/**
 * The visit's time as the office reads it: "03/04/2025 10:00 AM – 11:30 AM" in the business's
 * zone, or "12/01/2026 All day" for a day.
 */
export function visitTime(
  lead: Pick<LeadDetail, 'scheduledDate' | 'endDate' | 'allDay'>,
  timeZone: string | undefined,
) {
  const start = formatLeadTime(lead.scheduledDate, lead.allDay, timeZone);
  if (!start) return 'No date';
  const end = lead.allDay ? '' : formatTimeIn(lead.endDate, timeZone);
  return end ? `${start} – ${end}` : start;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>{children}</div>
    </Stack>
  );
}

const orNone = (value: string | null | undefined) => value || '—';

function LeadDetails({ lead }: { lead: LeadDetail }) {
  const timeZone = useBusinessTimeZone();
  const link = lead.linkId ? safeHref(lead.linkId) : null;
  const text = (field: keyof typeof LEAD_FIELD_LABELS & keyof LeadDetail) => (
    <Field label={LEAD_FIELD_LABELS[field]}>{orNone(lead[field] as string)}</Field>
  );
  return (
    <Stack gap="sm" data-testid="lead-view">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <Field label="Time">{visitTime(lead, timeZone)}</Field>
        <Field label={LEAD_FIELD_LABELS.status}>
          <Badge color={statusColor(lead.status)} variant="light" size="sm">
            {displayStatus(lead.status)}
          </Badge>
        </Field>
        <Field label={LEAD_FIELD_LABELS.address}>
          {lead.address ? (
            <Anchor href={mapSearchHref(lead.address)} target="_blank" rel="noreferrer" size="sm">
              {lead.address}
            </Anchor>
          ) : (
            '—'
          )}
        </Field>
        <Field label={LEAD_FIELD_LABELS.week}>
          {weekLabel(leadWeek(lead.scheduledDate, lead.allDay, timeZone)) || '—'}
        </Field>
        {text('auditor')}
        {text('houseType')}
        {text('phoneNumber')}
        {text('email')}
        {text('heatingFuel')}
        {text('provider')}
        {text('referredBy')}
        {text('scheduledBy')}
        <Field label={LEAD_FIELD_LABELS.linkId}>
          {link ? (
            <Anchor href={link} target="_blank" rel="noreferrer" size="sm">
              {lead.linkId}
            </Anchor>
          ) : (
            orNone(lead.linkId)
          )}
        </Field>
        {text('leadId')}
      </SimpleGrid>
      <Field label={LEAD_FIELD_LABELS.comments}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{orNone(lead.comments)}</span>
      </Field>
    </Stack>
  );
}

/**
 * A lead as everyone may see it (issue 37, item 8): its fields, the address with its map link,
 * the visit's time, and its history; editing stays with Admin and Manager.
 */
export function LeadViewModal({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const detail = useQuery(leadDetailQuery(leadId));
  return (
    <Modal opened onClose={onClose} title={detail.data?.customerName || 'Lead'} size="lg">
      {detail.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading the lead" />
        </Group>
      ) : detail.isError ? (
        <LoadErrorPanel
          title="The lead could not be loaded"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <LeadDetails lead={detail.data} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <LeadHistory leadId={detail.data.id} />
          </Tabs.Panel>
        </Tabs>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
