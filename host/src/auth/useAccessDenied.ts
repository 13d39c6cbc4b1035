import { authStore, useAuth } from '@auditdesk/shared';
import { useSearchParams } from 'react-router-dom';
import { ACCESS_DENIED_TEXT } from './AccessDeniedBanner';

/**
 * The banner shows for a stored login error (with its text) or an `error` query parameter
 * (with the generic text); dismissing clears both.
 */
export function useAccessDenied(): { shown: boolean; message: string; dismiss: () => void } {
  const loginError = useAuth((state) => state.loginError);
  const [params, setParams] = useSearchParams();
  return {
    shown: Boolean(loginError || params.get('error')),
    message: loginError || ACCESS_DENIED_TEXT,
    dismiss: () => {
      authStore.getState().setLoginError(null);
      if (params.has('error')) {
        const next = new URLSearchParams(params);
        next.delete('error');
        setParams(next, { replace: true });
      }
    },
  };
}
