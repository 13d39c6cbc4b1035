import { PageHeader } from '@auditdesk/shared';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ComparisonTable } from './ComparisonTable';
import { groupGrid } from './groupGrid';
import { KpiCards } from './KpiCards';
import { kpis } from './kpis';
import { periodDates } from './period';
import { PeriodRangePicker } from './PeriodRangePicker';
import { auditorsQuery, gridDataQuery } from './schedulingApi';
import { usePeriod } from './usePeriod';

// the chart library arrives after the numbers: the page is usable first
const PerformanceChart = lazy(() =>
  import('./PerformanceChart').then((module) => ({ default: module.PerformanceChart })),
);

export default function SchedulingPage() {
  const [period, setPeriod] = usePeriod();
  const auditors = useQuery(auditorsQuery);
  // a new period keeps the last numbers on screen until its own arrive
  const grid = useQuery({ ...gridDataQuery(periodDates(period)), placeholderData: keepPreviousData });
  // the numbers render in a deferred render, which yields to the browser every few
  // milliseconds: their arrival makes no long task
  const gridData = useDeferredValue(grid.data);
  const names = auditors.data?.auditors;
  const records = useMemo(
    () => (gridData ?? []).filter((record) => names?.includes(record.auditor)),
    [gridData, names],
  );
  const months = useMemo(() => (names ? groupGrid(records, names) : []), [records, names]);
  const error = grid.error ?? auditors.error;
  // the chart's code is fetched in the frame after the numbers are on screen
  const [showChart, setShowChart] = useState(false);
  const numbersShown = Boolean(names) && gridData !== undefined;
  useEffect(() => {
    if (!numbersShown) return;
    const frame = requestAnimationFrame(() => setShowChart(true));
    return () => cancelAnimationFrame(frame);
  }, [numbersShown]);

  return (
    <>
      <PageHeader
        title="Scheduling Management"
        subtitle="Comprehensive lead tracking and analytics dashboard"
      />
      {error ? (
        <Alert color="red" icon={<IconAlertCircle />} title="Error Loading Scheduling Data" role="alert">
          {error.message}
        </Alert>
      ) : !names || gridData === undefined ? (
        <Stack data-testid="scheduling-skeleton">
          <Skeleton h={90} />
          <Skeleton h={80} />
          <Skeleton h={300} />
        </Stack>
      ) : (
        <>
          <KpiCards values={kpis(records)} />
          <PeriodRangePicker period={period} onChange={setPeriod} />
          <ComparisonTable months={months} auditors={names} />
          {showChart ? (
            <Suspense fallback={<Skeleton h={360} />}>
              <PerformanceChart records={records} period={period} auditors={names} />
            </Suspense>
          ) : (
            <Skeleton h={360} />
          )}
        </>
      )}
    </>
  );
}
