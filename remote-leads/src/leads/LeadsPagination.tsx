import { formatNumber } from '@auditdesk/shared';
import { Button, Group, Pagination, Text } from '@mantine/core';

interface LeadsPaginationProps {
  pageIndex: number;
  pageCount: number;
  pageNumbers: number[];
  onPage: (index: number) => void;
}

/**
 * The pages, below the table beside its footer: after the rows in reading and Tab order, so
 * the keyboard reaches the first lead from the search box without passing seven page buttons.
 */
export function LeadsPagination(props: LeadsPaginationProps) {
  return (
    <Pagination.Root
      total={props.pageCount}
      value={props.pageIndex + 1}
      onChange={(page) => props.onPage(page - 1)}
      size="sm"
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="dimmed" mr="xs" data-testid="leads-page-of" style={{ whiteSpace: 'nowrap' }}>
          Page {formatNumber(props.pageIndex + 1)} of {formatNumber(props.pageCount)}
        </Text>
        <Pagination.First aria-label="First page" />
        <Pagination.Previous aria-label="Previous page" />
        {props.pageNumbers.map((page) => (
          <Button
            key={page}
            size="compact-sm"
            variant={page === props.pageIndex + 1 ? 'filled' : 'default'}
            onClick={() => props.onPage(page - 1)}
            aria-label={`Page ${page}`}
            aria-current={page === props.pageIndex + 1 ? 'page' : undefined}
          >
            {formatNumber(page)}
          </Button>
        ))}
        <Pagination.Next aria-label="Next page" />
        <Pagination.Last aria-label="Last page" />
      </Group>
    </Pagination.Root>
  );
}
