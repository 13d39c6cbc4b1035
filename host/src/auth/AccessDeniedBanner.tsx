import { Alert } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';

export const ACCESS_DENIED_TEXT = 'Please contact your administrator for access.';

export function AccessDeniedBanner({ onClose }: { onClose: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconShieldX />}
      title="Access Denied"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="alert"
    >
      {ACCESS_DENIED_TEXT}
    </Alert>
  );
}
