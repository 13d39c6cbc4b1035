import { useMemo } from 'react';

/**
 * The value first given while later ones are equal to it (as JSON): an object parsed anew at
 * each render (the view's filters, its sort) stays the same object, so a memo()ised child
 * (the leads table) is not rendered again for nothing.
 */
export function useSameWhileEqual<T>(value: T): T {
  const key = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the value
  return useMemo(() => value, [key]);
}
