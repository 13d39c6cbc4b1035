import { formatDateTime, StatCards } from '@auditdesk/shared';
import type { BackupsOverview } from '@auditdesk/shared/core';
import { ageText, diskText, scheduleText } from './backupRules';

type Card = Parameters<typeof StatCards>[0]['cards'][number];

/** The schedule: BACKUP_CRON in words and its next run. */
function scheduleCard({ schedule }: BackupsOverview, off: string): Card {
  return {
    label: 'Schedule',
    value: scheduleText(schedule.cron, schedule.timeZone),
    detail: schedule.nextAt ? `Next ${formatDateTime(schedule.nextAt)}` : off,
  };
}

/** SQLite: the last good snapshot, the schedule, this machine's disk, the copies off the machine. */
function sqliteCards(overview: BackupsOverview): Card[] {
  const { lastGood, disk, offsite } = overview;
  return [
    {
      label: 'Last good backup',
      value: lastGood ? `${ageText(lastGood.ageMs)} ago` : 'None',
      detail: lastGood ? formatDateTime(lastGood.at) : 'Back up now to make the first one',
      color: !lastGood || lastGood.stale ? 'red' : undefined,
    },
    scheduleCard(overview, 'Only before changes and on request'),
    {
      label: 'On this machine',
      value: disk ? diskText(disk).split(',')[0]! : '—',
      detail: disk ? diskText(disk).split(', ').slice(1).join(', ') : undefined,
    },
    {
      label: 'Off the machine',
      value: offsite ? (offsite.failing > 0 ? `${offsite.failing} failing` : 'Copied') : 'Not set',
      detail: offsite ? offsite.target : 'Set BACKUP_S3_URL',
      color: offsite && offsite.failing > 0 ? 'red' : undefined,
    },
  ];
}

/** D1: Time Travel's minutes, the named points, and the exports off Cloudflare (no disk of its own). */
function d1Cards(overview: BackupsOverview): Card[] {
  const { points, offsite, exports } = overview;
  const newestExport = exports?.[0];
  return [
    {
      label: 'Restore to',
      value: 'Any minute',
      detail: `of the last ${overview.timeTravelDays} days (D1 Time Travel)`,
    },
    {
      label: 'Named points',
      value: points.length,
      detail: points[0]
        ? `Newest ${formatDateTime(points[0].at)}`
        : 'Made before every change one undo cannot take back',
    },
    offsite
      ? scheduleCard(overview, 'Exports only on request (pnpm backup export)')
      : { label: 'Schedule', value: 'None needed', detail: 'Time Travel keeps every minute' },
    {
      label: 'Off Cloudflare',
      value: offsite
        ? offsite.failing > 0
          ? 'Export failing'
          : newestExport
            ? `${ageText(Date.now() - Date.parse(newestExport.at))} ago`
            : 'No export yet'
        : 'Not set',
      detail: offsite ? offsite.target : 'Set BACKUP_S3_URL to export on the schedule',
      color: offsite && offsite.failing > 0 ? 'red' : undefined,
    },
  ];
}

/** The facts an operator looks at first, as each engine has them. */
export function BackupsSummary({ overview }: { overview: BackupsOverview }) {
  return <StatCards cards={overview.engine === 'd1' ? d1Cards(overview) : sqliteCards(overview)} />;
}
