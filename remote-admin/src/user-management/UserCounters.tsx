import { StatCards } from '@auditdesk/shared';
import { countUsers } from './countUsers';
import type { DisplayedUser } from './userAccessTypes';

export function UserCounters({ users }: { users: DisplayedUser[] }) {
  const counts = countUsers(users);
  return (
    <StatCards
      cards={[
        { label: 'Total Users', value: counts.total },
        { label: 'Active Users', value: counts.active },
        { label: 'Admins', value: counts.admins },
        { label: 'Revoked', value: counts.revoked },
      ]}
    />
  );
}
