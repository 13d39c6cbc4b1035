import { Stack, Text, Title } from '@mantine/core';

export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{subtitle}</Text>
    </Stack>
  );
}
