import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading and subtitle, with an optional action (a button) on the right. */
export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      {action}
    </Group>
  );
}
