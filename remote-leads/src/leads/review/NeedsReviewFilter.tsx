import { formatNumber } from '@auditdesk/shared';
import { Chip, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { LeadRow } from '../leadTypes';

interface NeedsReviewFilterProps {
  rows: LeadRow[];
  active: boolean;
  onChange: (active: boolean) => void;
}

/** What the filter means, on hover and to a screen reader. */
export const NEEDS_REVIEW_MEANING =
  'Leads where the calendar changed a field that was also changed here, or deleted an event changed here: open one to choose which value stays.';
const NOTHING_TO_REVIEW =
  'No lead needs review: the calendar has not changed anything that was changed here.';

/** Unchecked, the chip still stands out (the library draws an unchecked chip grey whatever its colour). */
const ATTENTION = {
  label: {
    color: 'var(--mantine-color-orange-light-color)',
    backgroundColor: 'var(--mantine-color-orange-light)',
    borderColor: 'var(--mantine-color-orange-outline)',
  },
};

/**
 * "Needs review (N)" among the filters: the leads where the calendar changed what the office
 * changed, or deleted an event the office had changed. Always there, so the way to the
 * conflicts is where one looks for filters; coloured while there are some, and greyed (still
 * explained on hover) while there are none.
 */
export function NeedsReviewFilter({ rows, active, onChange }: NeedsReviewFilterProps) {
  const count = useMemo(() => rows.filter((row) => row.needsReview).length, [rows]);
  const idle = count === 0 && !active;
  return (
    <Tooltip label={idle ? NOTHING_TO_REVIEW : NEEDS_REVIEW_MEANING} multiline w={320} withArrow>
      {/* a disabled chip hears no pointer: the tooltip hangs on its wrapper */}
      <span style={{ display: 'inline-flex' }} data-testid="needs-review-chip">
        <Chip
          size="xs"
          checked={active}
          onChange={onChange}
          disabled={idle}
          color="orange"
          variant="filled"
          icon={<IconAlertTriangle size={12} />}
          styles={count > 0 && !active ? ATTENTION : undefined}
          data-testid="needs-review-filter"
          aria-description={idle ? NOTHING_TO_REVIEW : NEEDS_REVIEW_MEANING}
        >
          Needs review ({formatNumber(count)})
        </Chip>
      </span>
    </Tooltip>
  );
}
