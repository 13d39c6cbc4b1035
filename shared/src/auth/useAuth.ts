import { useStore } from 'zustand';
import { authStore, type AuthState } from './authStore';

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
