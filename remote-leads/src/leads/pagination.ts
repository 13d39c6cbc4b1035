import { DEFAULT_LEAD_PAGE_SIZE, formatNumber, LEAD_PAGE_SIZES } from '@auditdesk/shared';

export const PAGE_SIZES = LEAD_PAGE_SIZES;
export const DEFAULT_PAGE_SIZE = DEFAULT_LEAD_PAGE_SIZE;

/** The footer of an empty table: "Showing 0 to 0 of 0 results" counts rows that are not there. */
export const EMPTY_FOOTER = '0 results';

export interface Page<T> {
  rows: T[];
  pageIndex: number;
  pageCount: number;
  /** 'Showing X to Y of Z results'; '0 results' when there is nothing to show (never 'Showing 0 to 0'). */
  footer: string;
  /** Up to three page numbers (1-based) around the current one. */
  pageNumbers: number[];
}

export function paginate<T>(rows: T[], pageIndex: number, pageSize: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const index = Math.min(Math.max(0, pageIndex), pageCount - 1);
  const start = index * pageSize;
  const shown = rows.slice(start, start + pageSize);
  const first = Math.min(Math.max(0, index - 1), Math.max(0, pageCount - 3));
  return {
    rows: shown,
    pageIndex: index,
    pageCount,
    footer:
      rows.length === 0
        ? EMPTY_FOOTER
        : `Showing ${formatNumber(start + 1)} to ${formatNumber(start + shown.length)} of ${formatNumber(rows.length)} results`,
    pageNumbers: Array.from({ length: Math.min(3, pageCount) }, (_, offset) => first + offset + 1),
  };
}
