import { signInOptionsQuery } from '@auditdesk/shared';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthPageFrame } from './AuthPageFrame';
import { requestPasswordReset } from './forgotPassword';

export const ASK_AN_ADMINISTRATOR =
  'Ask an administrator for a link to set your password: they make one on the User Management page.';

/** "Forgot password?": a link by e-mail when the server sends e-mail, else who to ask. */
export function ForgotPasswordPage() {
  const options = useQuery(signInOptionsQuery);
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Enter your e-mail address.');
    setBusy(true);
    setError(null);
    try {
      setAnswer(await requestPasswordReset(email.trim()));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <Anchor component={Link} to="/login" size="sm">
      Back to sign-in
    </Anchor>
  );

  let content;
  if (options.isPending) content = <Loader size="sm" aria-label="Loading" />;
  else if (options.data?.passwordResetByEmail !== true)
    content = (
      <Alert color="blue" icon={<IconInfoCircle />} title="Ask an administrator">
        {ASK_AN_ADMINISTRATOR}
      </Alert>
    );
  else if (answer)
    content = (
      <Alert color="green" icon={<IconMailForward />} title="Check your e-mail">
        {answer}
      </Alert>
    );
  else
    content = (
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Enter the e-mail address you sign in with; we send you a link to choose a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Button type="submit" loading={busy} fullWidth>
            Send the link
          </Button>
        </Stack>
      </form>
    );

  return (
    <AuthPageFrame subtitle="Forgot your password?">
      <Stack>
        {content}
        {back}
      </Stack>
    </AuthPageFrame>
  );
}
