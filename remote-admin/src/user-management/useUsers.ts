import type { Role } from '@auditdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addUser,
  changeRole,
  createPasswordLink,
  deleteUser,
  fetchUsers,
  resendInvitation,
  toggleAccess,
} from './userAccessApi';
import type { DisplayedUser, NewUser } from './userAccessTypes';

export const USERS_QUERY_KEY = ['user-access'] as const;

/** The access list and every change to it; after each change the list is reloaded. */
export function useUsers() {
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: USERS_QUERY_KEY, queryFn: fetchUsers, staleTime: 0, retry: false });
  const reload = () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });

  return {
    users,
    add: useMutation({ mutationFn: (user: NewUser) => addUser(user), onSettled: reload }),
    changeRole: useMutation({
      mutationFn: ({ user, role }: { user: DisplayedUser; role: Role }) => changeRole(user, role),
      onSettled: reload,
    }),
    toggleAccess: useMutation({ mutationFn: (user: DisplayedUser) => toggleAccess(user), onSettled: reload }),
    remove: useMutation({ mutationFn: (user: DisplayedUser) => deleteUser(user), onSettled: reload }),
    passwordLink: useMutation({ mutationFn: (user: DisplayedUser) => createPasswordLink(user) }),
    invite: useMutation({ mutationFn: (user: DisplayedUser) => resendInvitation(user) }),
  };
}
