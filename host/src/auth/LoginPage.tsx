import { login, signInOptionsQuery, useAuth } from '@auditdesk/shared';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconBrandWindows, IconLogin2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { preloadRemotePage } from '../remotes/preloadRemotePage';
import { AccessDeniedBanner } from './AccessDeniedBanner';
import { AuthPageFrame } from './AuthPageFrame';
import { identityProviderSignInUrl } from './identityProviderSignInUrl';
import { safeReturnPath, landingAfterSignIn, type ReturnState } from './returnPath';
import { useAccessDenied } from './useAccessDenied';

const PROVIDER_ICONS: Record<string, typeof IconLogin2> = {
  Google: IconBrandGoogle,
  Microsoft: IconBrandWindows,
};

export function LoginPage() {
  const status = useAuth((state) => state.status);
  const navigate = useNavigate();
  const location = useLocation();
  const accessDenied = useAccessDenied();
  const options = useQuery(signInOptionsQuery);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the link that was opened signed out, opened again once signed in (password or provider)
  const from = (location.state as ReturnState | null)?.from;
  const landing = landingAfterSignIn(from);

  if (status === 'authenticated') return <Navigate to={landing} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await login(email.trim(), password);
    setBusy(false);
    if (outcome.ok) {
      // the landing page's remote loads while the shell renders its layout, not after it
      preloadRemotePage(new URL(landing, window.location.origin).pathname);
      navigate(landing, { replace: true });
    } else setError(outcome.error);
  };

  // offered only when the server has a provider: a button that can only fail is no choice
  const provider = options.data?.identityProvider ?? null;
  const ProviderIcon = (provider && PROVIDER_ICONS[provider]) || IconLogin2;

  return (
    <AuthPageFrame subtitle="Sign in to the back office.">
      <Stack>
        {accessDenied.shown && (
          <AccessDeniedBanner message={accessDenied.message} onClose={accessDenied.dismiss} />
        )}
        {provider && (
          <>
            <Button
              component="a"
              href={identityProviderSignInUrl(safeReturnPath(from))}
              variant="default"
              leftSection={<ProviderIcon size={18} />}
              fullWidth
            >
              Sign in with {provider}
            </Button>
            <Divider label="or with your e-mail" labelPosition="center" />
          </>
        )}
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
