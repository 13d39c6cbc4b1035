import { CopyField, type CreatedAgendaFeed } from '@auditdesk/shared';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { webcalUrl } from './agendaFeedsApi';

/** A new feed's address, shown this once: the server keeps only a hash of its secret. */
export function FeedAddressModal({ feed, onClose }: { feed: CreatedAgendaFeed | null; onClose: () => void }) {
  return (
    <Modal opened={feed !== null} onClose={onClose} title="Phone calendar address" size="lg">
      {feed && (
        <Stack>
          <Text size="sm">
            Add this address to a phone&apos;s calendar as a subscription (Google Calendar: From URL; iPhone:
            Add Subscription Calendar). It shows {feed.auditor}&apos;s visits of the past week and the next 60
            days, and follows every change.
          </Text>
          <CopyField label="Address" value={feed.url} copyLabel="Copy the address" />
          <Text size="sm">
            On an iPhone, open <Anchor href={webcalUrl(feed.url)}>the webcal link</Anchor> instead.
          </Text>
          <Text size="sm" fw={600}>
            Anyone with this address sees the customers&apos; names, addresses and phone numbers. It is shown
            only now; revoke it here when the phone is lost or changes hands.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
