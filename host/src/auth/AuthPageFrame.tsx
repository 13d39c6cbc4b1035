import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card the public pages (sign-in, callback, errors) are drawn in. */
export function AuthPageFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            Auditdesk
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
