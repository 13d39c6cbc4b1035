import { savePreferencesSoon } from '@auditdesk/shared';
import { useState } from 'react';
import { readPeriod, savePeriod } from './period';
import type { Period } from './schedulingTypes';

/** The period range, read once from local storage and saved (here and to the person) on every change. */
export function usePeriod(): [Period, (next: Period) => void] {
  const [period, setPeriod] = useState<Period>(() => readPeriod(window.localStorage));
  return [
    period,
    (next) => {
      savePeriod(window.localStorage, next);
      savePreferencesSoon();
      setPeriod(next);
    },
  ];
}
