import { login, useAuth } from '@auditdesk/shared';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../app/homePath';
import { AccessDeniedBanner } from './AccessDeniedBanner';
import { AuthPageFrame } from './AuthPageFrame';
import { identityProviderSignInUrl } from './identityProviderSignInUrl';
import { useAccessDenied } from './useAccessDenied';

export function LoginPage() {
  const status = useAuth((state) => state.status);
  const navigate = useNavigate();
  const accessDenied = useAccessDenied();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (status === 'authenticated') return <Navigate to={HOME_PATH} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await login(email.trim(), password);
    setBusy(false);
    if (outcome.ok) navigate(HOME_PATH, { replace: true });
    else setError(outcome.error);
  };

  return (
    <AuthPageFrame subtitle="Sign in to the back office.">
      <Stack>
        {accessDenied.shown && (
          <AccessDeniedBanner message={accessDenied.message} onClose={accessDenied.dismiss} />
        )}
        <Button
          component="a"
          href={identityProviderSignInUrl()}
          variant="default"
          leftSection={<IconBrandGoogle size={18} />}
          fullWidth
        >
          Sign in with Google
        </Button>
        <Divider label="or with your e-mail" labelPosition="center" />
        <form onSubmit={submit}>
          <Stack>
            {error && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert" title="Sign-in failed">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth>
              Sign in
            </Button>
            <Group justify="center">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Stack>
    </AuthPageFrame>
  );
}
