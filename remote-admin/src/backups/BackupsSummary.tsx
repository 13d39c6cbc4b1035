import { formatDateTime, StatCards } from '@auditdesk/shared';
import type { BackupsOverview } from '@auditdesk/shared/core';
import { ageText, diskText, scheduleText } from './backupRules';

/** The four facts an operator looks at first: the last good backup, the schedule, the disk, the copies off the machine. */
export function BackupsSummary({ overview }: { overview: BackupsOverview }) {
  const { lastGood, schedule, disk, offsite } = overview;
  const cards: Parameters<typeof StatCards>[0]['cards'] = [
    {
      label: 'Last good backup',
      value: lastGood
        ? overview.engine === 'd1'
          ? 'Every minute'
          : `${ageText(lastGood.ageMs)} ago`
        : 'None',
      detail: lastGood ? formatDateTime(lastGood.at) : 'Back up now to make the first one',
      color: !lastGood || lastGood.stale ? 'red' : undefined,
    },
    {
      label: 'Schedule',
      value: overview.engine === 'd1' ? 'Time Travel' : scheduleText(schedule.cron, schedule.everyMs),
      detail:
        overview.engine === 'd1'
          ? `Any minute of the last ${overview.timeTravelDays} days`
          : schedule.nextAt
            ? `${schedule.cron}, next ${formatDateTime(schedule.nextAt)}`
            : 'Only before changes and on request',
    },
    {
      label: 'On this machine',
      value: disk ? diskText(disk).split(',')[0]! : 'Cloudflare',
      detail: disk ? diskText(disk).split(', ').slice(1).join(', ') : 'D1 keeps the history',
    },
    {
      label: 'Off the machine',
      value: offsite ? (offsite.failing > 0 ? `${offsite.failing} failing` : 'Copied') : 'Not set',
      detail: offsite ? offsite.target : overview.engine === 'd1' ? 'D1 itself' : 'Set BACKUP_S3_URL',
      color: offsite && offsite.failing > 0 ? 'red' : undefined,
    },
  ];
  return <StatCards cards={cards} />;
}
