import { Alert, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { RemotePageDefinition } from './remotePages';

interface RemoteErrorPanelProps {
  page: RemotePageDefinition;
  error: Error;
  onRetry: () => void;
}

/**
 * What a route shows when its remote cannot be fetched or its page crashed: a sentence a
 * clerk understands and Retry; the technical detail (for whoever fixes it) folded away.
 */
export function RemoteErrorPanel({ page, error, onRetry }: RemoteErrorPanelProps) {
  const [showDetails, setShowDetails] = useState(false);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={`The ${page.label} module could not be loaded.`}
      role="alert"
      data-testid="remote-error"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          The rest of Auditdesk keeps working. Try again in a moment; if this keeps happening, tell your
          administrator.
        </Text>
        <Group gap="md">
          <Button leftSection={<IconRefresh size={16} />} variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="dimmed"
            aria-expanded={showDetails}
            onClick={() => setShowDetails(!showDetails)}
          >
            {showDetails ? 'Hide technical details' : 'Show technical details'}
          </Anchor>
        </Group>
        {showDetails && (
          <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: '100%' }} data-testid="remote-error-details">
            {`${page.remote} (${page.module})\n${error.message || String(error)}`}
          </Code>
        )}
      </Stack>
    </Alert>
  );
}
