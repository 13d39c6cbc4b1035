import { LoadErrorPanel, PageHeader, useExport } from '@auditdesk/shared';
import { Skeleton, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { comparisonExportName, comparisonExportTable } from './comparisonExport';
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
  const names = auditors.data?.auditors;
  const records = useMemo(
    () => (grid.data ?? []).filter((record) => names?.includes(record.auditor)),
    [grid.data, names],
  );
  const months = useMemo(() => (names ? groupGrid(records, names) : []), [records, names]);
  const exporter = useExport(
    () => comparisonExportTable(months, names ?? [], period),
    () => comparisonExportName(period),
  );
  const error = grid.error ?? auditors.error;
  const ready = !error && names && !grid.isPending;
  const retry = () => {
    if (auditors.error) void auditors.refetch();
    void grid.refetch();
  };

  return (
    <>
      <PageHeader
        title="Scheduling Management"
        subtitle="Comprehensive lead tracking and analytics dashboard"
      />
      {error && (
        <LoadErrorPanel
          title="Error Loading Scheduling Data"
          message={error.message}
          onRetry={retry}
          retrying={grid.isFetching || auditors.isFetching}
          mb="lg"
        />
      )}
      {!error && (ready ? <KpiCards values={kpis(records)} /> : <Skeleton h={90} mb="lg" />)}
      {/* the period stays choosable whatever the data did: a bad period is never a dead end */}
      <PeriodRangePicker period={period} onChange={setPeriod} />
      {!error &&
        (ready ? (
          <>
            <ComparisonTable
              months={months}
              auditors={names}
              onExport={() => void exporter.download('xlsx')}
              exporting={exporter.busy !== null}
            />
            <Suspense fallback={<Skeleton h={360} />}>
              <PerformanceChart records={records} period={period} auditors={names} />
            </Suspense>
          </>
        ) : (
          <Stack data-testid="scheduling-skeleton">
            <Skeleton h={300} />
            <Skeleton h={360} />
          </Stack>
        ))}
    </>
  );
}
