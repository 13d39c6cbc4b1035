import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** What a page refuses to show; its title is the page's heading, as every page has one. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconLock />}
      title={
        <Text component="h1" fz="inherit" fw="inherit" lh="inherit" m={0}>
          Access Denied
        </Text>
      }
      role="alert"
    >
      {message}
    </Alert>
  );
}
