import { Alert, Anchor } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthPageFrame } from './AuthPageFrame';

export function AuthErrorPage() {
  const [params] = useSearchParams();
  const message = params.get('message') || 'Authentication failed';
  return (
    <AuthPageFrame subtitle="Sign-in did not complete.">
      <Alert color="red" role="alert" mb="md">
        {message}
      </Alert>
      <Anchor component={Link} to="/login">
        Try Again
      </Anchor>
    </AuthPageFrame>
  );
}
