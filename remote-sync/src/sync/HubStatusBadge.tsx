import type { HubConnectionStatus } from '@auditdesk/shared';
import { Badge } from '@mantine/core';

const COLORS: Record<HubConnectionStatus, string> = {
  Connected: 'green',
  Connecting: 'yellow',
  Reconnecting: 'yellow',
  Disconnecting: 'gray',
  Disconnected: 'red',
};

export function HubStatusBadge({ status }: { status: HubConnectionStatus }) {
  return (
    <Badge color={COLORS[status]} variant="dot" aria-label={`Live updates: ${status}`}>
      Live updates: {status}
    </Badge>
  );
}
