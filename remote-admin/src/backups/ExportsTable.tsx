import { formatDateTime } from '@auditdesk/shared';
import type { D1Export } from '@auditdesk/shared/core';
import { Badge, Card, Table, Text, Title, Tooltip } from '@mantine/core';
import { formatBytes } from '../resources/common/resourceRules';

/** D1's exports off Cloudflare in the bucket, newest first; each rebuilt a database before it was kept. */
export function ExportsTable({ exports, target }: { exports: D1Export[]; target: string }) {
  return (
    <Card withBorder>
      <Title order={3} size="h4">
        Exports off Cloudflare
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The whole database as SQL in {target}, on the schedule: if the Cloudflare account is lost, `pnpm
        backup sql &lt;name&gt; &lt;file&gt;` writes one out to rebuild the database elsewhere.
      </Text>
      {exports.length === 0 ? (
        <Text c="dimmed">No export yet: the schedule makes the first one (or `pnpm backup export`).</Text>
      ) : (
        <Table striped verticalSpacing="xs" aria-label="Exports off Cloudflare">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Leads</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Verified</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exports.map((made) => (
              <Table.Tr key={made.name}>
                <Table.Td>
                  <Text size="sm">{formatDateTime(made.at)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {made.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{(made.counts.leads ?? 0).toLocaleString('en-US')}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatBytes(made.sizeBytes)}</Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={made.verification} multiline w={320}>
                    <Badge color="green" variant="light" size="sm">
                      {made.encrypted ? 'Verified, encrypted' : 'Verified'}
                    </Badge>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
