import { allows, type Access } from '../contract/operations/operation';
import { useAuth } from './useAuth';

/**
 * Whether the person signed in has `access` (an operation's, `routes.x.access`): a screen
 * offers an action exactly to the roles the server lets call it.
 */
export function useAccess(access: Access): boolean {
  return useAuth((state) => allows(access, state.user?.role));
}
