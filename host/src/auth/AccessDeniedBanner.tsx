import { Alert } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';

export const ACCESS_DENIED_TEXT = 'Please contact your administrator for access.';

/** The sign-in page's banner: a stored reason (a failed sign-in) or the generic text. */
export function AccessDeniedBanner({ message, onClose }: { message: string; onClose: () => void }) {
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
      {message}
    </Alert>
  );
}
