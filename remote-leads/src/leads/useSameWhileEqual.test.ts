import { renderHook } from '@testing-library/react';
import { useSameWhileEqual } from './useSameWhileEqual';

describe('useSameWhileEqual', () => {
  it('gives the first object while the next ones are equal, and a new one once it changes', () => {
    const first = { auditor: 'sam', status: '' };
    const { result, rerender } = renderHook(({ value }) => useSameWhileEqual(value), {
      initialProps: { value: first },
    });
    rerender({ value: { auditor: 'sam', status: '' } });
    expect(result.current).toBe(first);
    const changed = { auditor: 'sam', status: 'Cancel' };
    rerender({ value: changed });
    expect(result.current).toBe(changed);
  });
});
