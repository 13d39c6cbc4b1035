import { formatNumber } from '@auditdesk/shared';
import { Chip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { LeadRow } from '../leadTypes';

interface NeedsReviewFilterProps {
  rows: LeadRow[];
  active: boolean;
  onChange: (active: boolean) => void;
}

/**
 * "Needs review (N)": the leads where the calendar changed what the office changed, or
 * deleted an event the office had changed. Shown only while there are some (or it is on),
 * so the spec's screen is unchanged on a day without conflicts.
 */
export function NeedsReviewFilter({ rows, active, onChange }: NeedsReviewFilterProps) {
  const count = useMemo(() => rows.filter((row) => row.needsReview).length, [rows]);
  if (count === 0 && !active) return null;
  return (
    <Chip
      checked={active}
      onChange={onChange}
      color="orange"
      variant="outline"
      icon={<IconAlertTriangle size={14} />}
      data-testid="needs-review-filter"
    >
      Needs review ({formatNumber(count)})
    </Chip>
  );
}
