import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { RemotePageDefinition } from './remotePages';

interface RemoteErrorPanelProps {
  page: RemotePageDefinition;
  error: Error;
  onRetry: () => void;
}

/** What a route shows when its remote cannot be fetched or its page crashed. */
export function RemoteErrorPanel({ page, error, onRetry }: RemoteErrorPanelProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={`${page.label} could not be loaded`}
      role="alert"
      data-testid="remote-error"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          The {page.label} module (<Code>{page.remote}</Code>) is unavailable. The rest of Auditdesk keeps
          working; try again in a moment.
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: '100%' }}>
          {error.message || String(error)}
        </Code>
        <Button leftSection={<IconRefresh size={16} />} variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
