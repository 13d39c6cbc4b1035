import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function AccessDenied({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconLock />} title="Access Denied" role="alert">
      {message}
    </Alert>
  );
}
