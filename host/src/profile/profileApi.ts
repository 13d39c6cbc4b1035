import { apiResult, routes, type Profile } from '@auditdesk/shared';

export interface ProfileData {
  profile: Profile | null;
  permissions: string[];
  /** Why the server could not be asked, when it could not. */
  problem: string | null;
}

/** Profile and permissions of the signed-in user; never throws (the page shows cached data). */
export async function fetchProfile(): Promise<ProfileData> {
  const [profile, permissions] = await Promise.all([
    apiResult(routes.usersProfile),
    apiResult(routes.usersPermissions),
  ]);
  const failed = !profile.success ? profile : !permissions.success ? permissions : null;
  return {
    profile: profile.data ?? null,
    permissions: permissions.data?.permissions ?? [],
    problem: failed
      ? failed.status
        ? 'Failed to load profile from server'
        : 'Failed to connect to server'
      : null,
  };
}
