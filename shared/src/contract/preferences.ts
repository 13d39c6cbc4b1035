import { z } from 'zod';

/** A whole month range of the scheduling screen, as the spec stores it locally. */
const periodRange = z.strictObject({
  startMonth: z.number().int().min(1).max(12),
  startYear: z.number().int().min(2000).max(2200),
  endMonth: z.number().int().min(1).max(12),
  endYear: z.number().int().min(2000).max(2200),
});

/**
 * What follows a person from browser to browser (issue 21): each part is optional, a missing
 * one means the spec's default. Columns are named by id, so a column removed later is ignored
 * by the client rather than refused here.
 */
export const preferences = z.strictObject({
  leadsColumns: z
    .record(z.string().min(1).max(64), z.boolean())
    .refine((columns) => Object.keys(columns).length <= 100, 'At most 100 columns.')
    .optional(),
  leadsPageSize: z.number().int().min(1).max(1000).optional(),
  periodRange: periodRange.optional(),
  sidebarPinned: z.boolean().optional(),
});
export type Preferences = z.infer<typeof preferences>;

/**
 * The parts of a stored or received document that fit the contract: a part written by an older
 * release that no longer parses falls back to its default instead of costing all the others.
 */
export function fittingPreferences(value: unknown): Preferences {
  if (typeof value !== 'object' || value === null) return {};
  const kept: Record<string, unknown> = {};
  for (const [part, shape] of Object.entries(preferences.shape)) {
    const parsed = shape.safeParse((value as Record<string, unknown>)[part]);
    if (parsed.success && parsed.data !== undefined) kept[part] = parsed.data;
  }
  return kept as Preferences;
}
