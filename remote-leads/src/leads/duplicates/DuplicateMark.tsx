import { formatLeadTime, toastFailure, useBusinessTimeZone } from '@auditdesk/shared';
import { Anchor, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useContext, useState, type MouseEvent } from 'react';
import { dismissPair } from './duplicatesApi';
import { REASON_TEXT, type DuplicateMatch } from './duplicateIndex';
import { notifyDismissed } from './notifyDismissed';
import { DuplicatesContext, leadHref } from './useDuplicates';

/** More would not fit a popover; the filter lists them all. */
const SHOWN_MATCHES = 10;

const withModifier = (event: MouseEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0;

/**
 * The mark beside a lead that may be the same household as others: a click shows which,
 * why, a link to each, and (Admin, Manager) "Merge…" and "Not a duplicate" per pair.
 */
export function DuplicateMark({ leadId, name }: { leadId: number; name: string }) {
  const duplicates = useContext(DuplicatesContext);
  const [opened, setOpened] = useState(false);
  if (!duplicates?.index?.has(leadId)) return null;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      withArrow
      shadow="md"
      width={440}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <UnstyledButton
          aria-label={`Possible duplicates of ${name}`}
          data-testid="duplicate-mark"
          onClick={() => setOpened((open) => !open)}
          // on the text's line, and no taller than it: the rows keep their height
          style={{ verticalAlign: '-2px', marginRight: 4, lineHeight: 0, cursor: 'pointer' }}
        >
          <IconCopy size={14} color="var(--mantine-color-orange-text)" />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        {opened && (
          <DuplicateList
            leadId={leadId}
            name={name}
            matches={duplicates.index.matchesOf(leadId)}
            onDone={() => setOpened(false)}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function DuplicateList({
  leadId,
  name,
  matches,
  onDone,
}: {
  leadId: number;
  name: string;
  matches: DuplicateMatch[];
  onDone: () => void;
}) {
  const duplicates = useContext(DuplicatesContext)!;
  const timeZone = useBusinessTimeZone();
  const [saving, setSaving] = useState<number | null>(null);
  const notDuplicate = async (match: DuplicateMatch) => {
    setSaving(match.lead.id);
    try {
      await dismissPair(leadId, match.lead.id);
      notifyDismissed({ id: leadId, name }, { id: match.lead.id, name: match.lead.customerName });
    } catch (error) {
      toastFailure(
        error instanceof Error ? error.message : 'The server did not answer. Try again.',
        'Not saved',
      );
    } finally {
      setSaving(null);
    }
  };
  const hidden = matches.length - SHOWN_MATCHES;
  return (
    <Stack gap="xs" data-testid="duplicate-list">
      <Text size="sm" fw={500}>
        Possible duplicate of
      </Text>
      {matches.slice(0, SHOWN_MATCHES).map((match) => (
        <Group key={match.lead.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor
              size="sm"
              href={leadHref(match.lead)}
              onClick={(event) => {
                if (withModifier(event)) return;
                event.preventDefault();
                onDone();
                duplicates.openLead(match.lead);
              }}
            >
              {match.lead.customerName || 'A lead without a name'}
            </Anchor>
            <Text size="xs" c="dimmed">
              {[
                formatLeadTime(match.lead.scheduledDate, match.lead.allDay, timeZone) || 'No date',
                ...match.reasons.map((reason) => REASON_TEXT[reason]),
              ].join(' · ')}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {duplicates.merge && (
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Merge ${match.lead.customerName} with ${name}`}
                disabled={saving !== null}
                onClick={() => {
                  onDone();
                  duplicates.merge!(leadId, match.lead.id);
                }}
              >
                Merge…
              </Button>
            )}
            {duplicates.canDismiss && (
              <Button
                size="compact-xs"
                variant="default"
                loading={saving === match.lead.id}
                disabled={saving !== null && saving !== match.lead.id}
                aria-label={`${match.lead.customerName} is not a duplicate of ${name}`}
                onClick={() => void notDuplicate(match)}
              >
                Not a duplicate
              </Button>
            )}
          </Group>
        </Group>
      ))}
      {hidden > 0 && (
        <Text size="xs" c="dimmed">
          And {hidden} more: the Possible duplicates filter lists them all.
        </Text>
      )}
    </Stack>
  );
}
