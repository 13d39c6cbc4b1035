import { LoadErrorPanel, PageHeader, toastFailure, useBusinessTimeZone } from '@auditdesk/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCalendarDown, IconChevronLeft, IconChevronRight, IconPrinter } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SchedulingTabs } from '../navigation/SchedulingTabs';
import { auditorsQuery } from '../scheduling/schedulingApi';
import { agendaQuery, downloadAgendaCalendar } from './agendaApi';
import {
  agendaRange,
  formatRange,
  stepDay,
  todayIn,
  visitCount,
  visitsByDay,
  type AgendaSpan,
} from './agendaDays';
import { AgendaDay } from './AgendaDay';
import { AgendaFeedsPanel } from './feeds/AgendaFeedsPanel';
import { AGENDA_PRINT_CSS } from './agendaPrintStyles';
import { chosenAuditor, readAgendaSearch, writeAgendaSearch, type AgendaChoice } from './agendaSearch';

/** One auditor's visits of a day or a week, to read, print (a page a day) or take as an .ics. */
export default function AgendaPage() {
  const timeZone = useBusinessTimeZone();
  const auditors = useQuery(auditorsQuery);
  const [search, setSearch] = useSearchParams();
  const choice = readAgendaSearch(search);
  const names = auditors.data?.auditors ?? [];
  // only a configured auditor is asked for: a name from a crafted link never reaches a file
  const { auditor, unknown } = chosenAuditor(choice.auditor, auditors.data?.auditors);
  const day = choice.day ?? todayIn(timeZone);
  const range = agendaRange(day, choice.span);
  const request = auditor ? { auditor, ...range } : null;
  const agenda = useQuery({
    ...agendaQuery(request ?? { auditor: '', ...range }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
  const [downloading, setDownloading] = useState(false);
  const choose = (next: Partial<AgendaChoice>) => setSearch(writeAgendaSearch({ ...choice, ...next }));
  const step = (direction: 1 | -1) => choose({ day: stepDay(day, choice.span, direction) });
  const unit = choice.span === 'day' ? 'day' : 'week';
  const download = async () => {
    if (!request) return;
    setDownloading(true);
    try {
      await downloadAgendaCalendar(request);
    } catch (error) {
      toastFailure(
        error instanceof Error ? error.message : String(error),
        'The calendar file could not be made',
      );
    } finally {
      setDownloading(false);
    }
  };
  const error = auditors.error ?? agenda.error;
  const days = agenda.data ? visitsByDay(agenda.data.visits) : [];
  const shown = agenda.data && !agenda.isPlaceholderData;

  return (
    <>
      <style>{AGENDA_PRINT_CSS}</style>
      <div data-agenda-screen-only>
        <PageHeader
          title="Scheduling Management"
          subtitle="One auditor's visits, day by day: to print or take along"
        />
        <SchedulingTabs />
        <Paper withBorder p="md" mb="lg">
          <Group justify="space-between" align="flex-end">
            <Group align="flex-end" gap="sm">
              <Select
                label="Auditor"
                w={200}
                data={names}
                value={auditor}
                allowDeselect={false}
                onChange={(value) => value && choose({ auditor: value })}
              />
              <SegmentedControl
                aria-label="Span"
                value={choice.span}
                onChange={(value) => choose({ span: value as AgendaSpan })}
                data={[
                  { value: 'day', label: 'Day' },
                  { value: 'week', label: 'Week' },
                ]}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Previous ${unit}`}
                onClick={() => step(-1)}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <TextInput
                type="date"
                label="Date"
                w={160}
                value={day}
                onChange={(event) => event.currentTarget.value && choose({ day: event.currentTarget.value })}
              />
              <ActionIcon variant="default" size="lg" aria-label={`Next ${unit}`} onClick={() => step(1)}>
                <IconChevronRight size={18} />
              </ActionIcon>
              <Button variant="subtle" onClick={() => choose({ day: null })}>
                Today
              </Button>
            </Group>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconCalendarDown size={16} />}
                onClick={() => void download()}
                loading={downloading}
                disabled={!request}
              >
                Download .ics
              </Button>
              <Button
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
                disabled={!shown}
              >
                Print
              </Button>
            </Group>
          </Group>
        </Paper>
        {unknown && (
          <Alert color="yellow" mb="lg" data-testid="agenda-unknown-auditor">
            {`The auditor this link names is not one of the configured auditors: this is ${auditor}'s agenda.`}
          </Alert>
        )}
        <AgendaFeedsPanel auditor={auditor} />
        {error ? (
          <LoadErrorPanel
            title="The agenda could not be loaded"
            message={error.message}
            onRetry={() => void (auditors.error ? auditors.refetch() : agenda.refetch())}
            retrying={auditors.isFetching || agenda.isFetching}
            mb="lg"
          />
        ) : (
          <Text mb="md" data-testid="agenda-summary" c={shown ? undefined : 'dimmed'}>
            {shown
              ? `${auditor} · ${formatRange(range)}: ${visitCount(agenda.data.visits.length)}${
                  agenda.data.cancelled > 0 ? ` (${agenda.data.cancelled} cancelled, not listed)` : ''
                }`
              : 'Loading the agenda…'}
          </Text>
        )}
      </div>
      {!error &&
        (!agenda.data ? (
          <Skeleton h={240} />
        ) : days.length === 0 ? (
          <Paper withBorder p="xl">
            <Text ta="center" c="dimmed">
              No visits for {auditor} on {formatRange(range)}.
            </Text>
          </Paper>
        ) : (
          <div style={{ opacity: shown ? 1 : 0.6 }} aria-busy={!shown} data-testid="agenda-days">
            {days.map((group) => (
              <AgendaDay key={group.day} auditor={agenda.data.auditor} {...group} timeZone={timeZone} />
            ))}
          </div>
        ))}
    </>
  );
}
