import { formatDateTime } from '@auditdesk/shared';
import type { RestorePoint } from '@auditdesk/shared/core';
import { Badge, Button, Table, Text, Tooltip } from '@mantine/core';
import { placeText, sizeText } from './backupRules';

const KIND_LABELS: Record<RestorePoint['kind'], string> = {
  schedule: 'Scheduled',
  manual: 'On request',
  migration: 'Before migrations',
  sync: 'Before a sync',
  import: 'Before an import',
  bulk: 'Before a bulk change',
  restore: 'Before a restore',
};

function OffsiteBadge({ point }: { point: RestorePoint }) {
  if (point.offsite === null) return null;
  const [color, label] = {
    copied: ['green', 'Copied'],
    copying: ['blue', 'Copying'],
    failed: ['red', 'Copy failed'],
    'not-copied': ['gray', 'Not copied'],
  }[point.offsite];
  const badge = (
    <Badge color={color} variant="light" size="sm">
      {label}
    </Badge>
  );
  return point.offsiteProblem ? (
    <Tooltip label={point.offsiteProblem} multiline w={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** The restore points, newest first: when, why, size, how it was checked, where, and Restore…. */
export function RestorePointsTable({
  points,
  disabled,
  onRestore,
}: {
  points: RestorePoint[];
  disabled: boolean;
  onRestore: (point: RestorePoint) => void;
}) {
  if (points.length === 0)
    return <Text c="dimmed">No restore point yet. “Back up now” makes the first one.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Restore points">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Verified</Table.Th>
            <Table.Th>Where</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point) => (
            <Table.Tr key={point.name}>
              <Table.Td>
                <Text size="sm">{formatDateTime(point.at)}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {point.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {KIND_LABELS[point.kind]}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2} maw={320}>
                  {point.reason}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{sizeText(point)}</Text>
              </Table.Td>
              <Table.Td>
                <Tooltip label={point.verification} multiline w={320}>
                  <Badge color="green" variant="light" size="sm">
                    Verified
                  </Badge>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{placeText(point)}</Text>
                <OffsiteBadge point={point} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={disabled}
                  onClick={() => onRestore(point)}
                >
                  Restore…
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
