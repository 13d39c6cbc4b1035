import { z } from 'zod';
import { isoDay } from './engine/syncRange';

/** `{ startDate, endDate }`; PascalCase (`StartDate`, `EndDate`) accepted too; both or neither. */
export const executeBody = z
  .strictObject({
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    StartDate: isoDay.optional(),
    EndDate: isoDay.optional(),
  })
  .nullish()
  .transform((body) => ({
    startDate: body?.startDate ?? body?.StartDate,
    endDate: body?.endDate ?? body?.EndDate,
  }))
  .refine(
    (range) => Boolean(range.startDate) === Boolean(range.endDate),
    'Give both startDate and endDate, or neither.',
  );
