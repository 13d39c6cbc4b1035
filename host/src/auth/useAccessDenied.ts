import { authStore, useAuth } from '@auditdesk/shared';
import { useSearchParams } from 'react-router-dom';

/** The banner shows for a stored login error or an `error` query parameter; dismissing clears both. */
export function useAccessDenied(): { shown: boolean; dismiss: () => void } {
  const loginError = useAuth((state) => state.loginError);
  const [params, setParams] = useSearchParams();
  return {
    shown: Boolean(loginError || params.get('error')),
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
