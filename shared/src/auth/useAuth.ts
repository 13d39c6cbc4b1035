import { useStore } from 'zustand';
import { authStore, type AuthState } from '../session/authStore';

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
