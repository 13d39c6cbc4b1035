import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthPageFrame } from './AuthPageFrame';
import { MIN_PASSWORD_LENGTH, setPassword } from './setPassword';

/** The public page behind an admin's one-time password link. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPasswordValue] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthPageFrame subtitle="Set your password.">
        <Alert color="red" role="alert">
          This link is incomplete. Open the whole link you were sent, or ask an admin for a new one.
        </Alert>
      </AuthPageFrame>
    );
  }

  if (done) {
    return (
      <AuthPageFrame subtitle="Set your password.">
        <Stack>
          <Alert color="green" icon={<IconCircleCheck />} title="Password set">
            You can now sign in with your e-mail and the new password.
          </Alert>
          <Anchor component={Link} to="/login">
            Go to sign-in
          </Anchor>
        </Stack>
      </AuthPageFrame>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH)
      return setError(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
    if (password !== confirmation) return setError('The two passwords do not match.');
    setBusy(true);
    const failure = await setPassword(token, password);
    setBusy(false);
    if (failure) setError(failure);
    else setDone(true);
  };

  return (
    <AuthPageFrame subtitle="Set your password.">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            Choose a password of at least {MIN_PASSWORD_LENGTH} characters. The link works once.
          </Text>
          {error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => {
              setPasswordValue(event.currentTarget.value);
              setError(null);
            }}
          />
          <PasswordInput
            label="Repeat the password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.currentTarget.value);
              setError(null);
            }}
          />
          <Button type="submit" loading={busy}>
            Set password
          </Button>
        </Stack>
      </form>
    </AuthPageFrame>
  );
}
