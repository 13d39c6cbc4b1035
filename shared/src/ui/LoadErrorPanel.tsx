import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

interface LoadErrorPanelProps {
  title: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
  mb?: string;
}

/** A screen's data could not be loaded: what happened, and Retry (never a dead end). */
export function LoadErrorPanel({ title, message, onRetry, retrying, mb }: LoadErrorPanelProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title} role="alert" mb={mb}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={retrying}
          onClick={onRetry}
        >
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
