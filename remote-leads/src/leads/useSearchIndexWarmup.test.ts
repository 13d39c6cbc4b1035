import { blankLeadFields } from '@auditdesk/shared';
import { renderHook } from '@testing-library/react';
import { isSearchPrepared } from './leadFilters';
import { toLeadRow } from './leadRows';
import type { ApiLead, LeadRow } from './leadTypes';
import { useSearchIndexWarmup } from './useSearchIndexWarmup';

describe('useSearchIndexWarmup', () => {
  const idle = jest.fn<number, [IdleRequestCallback]>(() => 1);
  beforeEach(() => {
    idle.mockClear();
    Object.assign(globalThis, { requestIdleCallback: idle, cancelIdleCallback: jest.fn() });
  });
  afterEach(() => {
    delete (globalThis as Partial<typeof globalThis>).requestIdleCallback;
    delete (globalThis as Partial<typeof globalThis>).cancelIdleCallback;
  });

  it('asks for idle time only once the rows are ready (the table on screen)', () => {
    const rows = [{ id: 1, customerName: 'Maria' }] as unknown as LeadRow[];
    const { rerender, unmount } = renderHook(({ ready }) => useSearchIndexWarmup(rows, ready), {
      initialProps: { ready: false },
    });
    expect(idle).not.toHaveBeenCalled();
    rerender({ ready: true });
    expect(idle).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('builds the texts in idle time, then joins them into the haystack a search scans', () => {
    const lead = {
      ...blankLeadFields(),
      id: 1,
      source: 'calendar',
      isFormatted: true,
      customerName: 'Maria',
    };
    const rows = [toLeadRow(lead as ApiLead)];
    const { unmount } = renderHook(() => useSearchIndexWarmup(rows, true));
    const idleTime = { timeRemaining: () => 50, didTimeout: false };
    idle.mock.calls[0]![0](idleTime);
    expect(isSearchPrepared(rows)).toBe(false);
    idle.mock.calls[1]![0](idleTime);
    expect(isSearchPrepared(rows)).toBe(true);
    expect(idle).toHaveBeenCalledTimes(2);
    unmount();
  });
});
