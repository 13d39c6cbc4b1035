import { gridKpis, groupGrid, LoadErrorPanel, PageHeader, useExport } from '@auditdesk/shared';
import { Skeleton, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { comparisonExportName, comparisonExportTable } from './comparisonExport';
import { ComparisonTable } from './ComparisonTable';
import { KpiCards } from './KpiCards';
import { periodDates, periodLabel, previousPeriod, yearEarlier } from './period';
import { PeriodRangePicker } from './PeriodRangePicker';
import { SchedulingTabs } from '../navigation/SchedulingTabs';
import { AuditorPairPicker } from './AuditorPairPicker';
import { comparedPair, COMPARE_PARAM } from './comparedPair';
import { auditorsQuery, gridDataQuery } from './schedulingApi';
import { usePeriod } from './usePeriod';

// the chart library arrives after the numbers: the page is usable first
const PerformanceChart = lazy(() =>
  import('./PerformanceChart').then((module) => ({ default: module.PerformanceChart })),
);

export default function SchedulingPage() {
  const [period, setPeriod] = usePeriod();
  const auditors = useQuery(auditorsQuery);
  // the pair compared is in the URL, so a link opens the same comparison
  const [search, setSearch] = useSearchParams();
  const configured = auditors.data?.auditors;
  // one pair object per URL: the numbers below are memoised on it
  const names = useMemo(
    () => configured && comparedPair(configured, search.getAll(COMPARE_PARAM)),
    [configured, search],
  );
  const choosePair = (next: [string, string]) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.delete(COMPARE_PARAM);
      for (const name of next) params.append(COMPARE_PARAM, name);
      return params;
    });
  // a new period keeps the last numbers on screen until its own arrive
  const grid = useQuery({ ...gridDataQuery(periodDates(period)), placeholderData: keepPreviousData });
  // the numbers render in a deferred render, which yields to the browser every few
  // milliseconds: their arrival makes no long task
  const gridData = useDeferredValue(grid.data);
  const records = useMemo(
    () => (gridData ?? []).filter((record) => names?.includes(record.auditor)),
    [gridData, names],
  );
  // the period of the same length before, for the KPIs' change; its failure only hides the change
  const earlier = previousPeriod(period);
  const earlierGrid = useQuery(gridDataQuery(periodDates(earlier)));
  const earlierKpis = useMemo(
    () =>
      earlierGrid.data && names
        ? gridKpis(earlierGrid.data.filter((record) => names.includes(record.auditor)))
        : undefined,
    [earlierGrid.data, names],
  );
  const months = useMemo(() => (names ? groupGrid(records, names) : []), [records, names]);
  // the same months a year earlier, read only while the table or the chart shows them
  const [tableEarlier, setTableEarlier] = useState(false);
  const [chartEarlier, setChartEarlier] = useState(false);
  const yearBefore = useQuery({
    ...gridDataQuery(periodDates(yearEarlier(period))),
    enabled: tableEarlier || chartEarlier,
  });
  const earlierRecords = useMemo(
    () => yearBefore.data?.filter((record) => names?.includes(record.auditor)),
    [yearBefore.data, names],
  );
  const earlierMonths = useMemo(
    () => (earlierRecords && names ? groupGrid(earlierRecords, names) : undefined),
    [earlierRecords, names],
  );
  const exporter = useExport(
    () => comparisonExportTable(months, names ?? [], period),
    () => comparisonExportName(period),
  );
  const error = grid.error ?? auditors.error;
  const ready = !error && names && gridData !== undefined;
  // the chart's code is fetched in the frame after the numbers are on screen
  const [showChart, setShowChart] = useState(false);
  const numbersShown = Boolean(ready);
  useEffect(() => {
    if (!numbersShown) return;
    const frame = requestAnimationFrame(() => setShowChart(true));
    return () => cancelAnimationFrame(frame);
  }, [numbersShown]);
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
      <SchedulingTabs />
      {configured && names && <AuditorPairPicker auditors={configured} pair={names} onChange={choosePair} />}
      {error && (
        <LoadErrorPanel
          title="Error Loading Scheduling Data"
          message={error.message}
          onRetry={retry}
          retrying={grid.isFetching || auditors.isFetching}
          mb="lg"
        />
      )}
      {!error &&
        (ready ? (
          <KpiCards
            values={gridKpis(records)}
            before={earlierKpis}
            sinceLabel={periodLabel(earlier)}
            dates={periodDates(period)}
            auditors={names}
          />
        ) : (
          <Skeleton h={90} mb="lg" />
        ))}
      {/* the period stays choosable whatever the data did: a bad period is never a dead end */}
      <PeriodRangePicker period={period} onChange={setPeriod} />
      {!error &&
        (ready ? (
          <>
            <ComparisonTable
              months={months}
              auditors={names}
              earlierMonths={earlierMonths}
              showEarlier={tableEarlier}
              onShowEarlierChange={setTableEarlier}
              onExport={() => void exporter.download('xlsx')}
              exporting={exporter.busy !== null}
            />
            {showChart ? (
              <Suspense fallback={<Skeleton h={360} />}>
                <PerformanceChart
                  records={records}
                  period={period}
                  auditors={names}
                  earlier={earlierRecords}
                  showEarlier={chartEarlier}
                  onShowEarlierChange={setChartEarlier}
                />
              </Suspense>
            ) : (
              <Skeleton h={360} />
            )}
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
