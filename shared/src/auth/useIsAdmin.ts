import { useAuth } from './useAuth';

export function useIsAdmin(): boolean {
  return useAuth((state) => state.user?.role === 'Admin');
}
