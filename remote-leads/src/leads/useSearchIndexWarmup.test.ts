import { renderHook } from '@testing-library/react';
import type { LeadRow } from './leadTypes';
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
});
