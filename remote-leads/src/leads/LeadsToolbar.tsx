import { ExportMenu, formatNumber, type ExportFormat } from '@auditdesk/shared';
import type { ReactNode } from 'react';
import { Button, Checkbox, Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { IconFileImport, IconRefresh, IconSearch } from '@tabler/icons-react';
import { ColumnsMenu, type ColumnVisibility } from './ColumnsMenu';
import { PAGE_SIZES } from './pagination';

interface LeadsToolbarProps {
  pageSize: number;
  onPageSize: (size: number) => void;
  visibility: ColumnVisibility;
  onVisibility: (next: ColumnVisibility) => void;
  hideUnformatted: boolean;
  onHideUnformatted: (hide: boolean) => void;
  /** More filters, after Hide Unformatted (the Possible duplicates box). */
  filters?: ReactNode;
  search: string;
  onSearch: (text: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
  pageIndex: number;
  pageCount: number;
  pageNumbers: number[];
  onPage: (index: number) => void;
  onExport: (format: ExportFormat) => void;
  exporting: ExportFormat | null;
  /** Opens the import dialog; absent for those who may not edit leads. */
  onImport?: () => void;
}

export function LeadsToolbar(props: LeadsToolbarProps) {
  return (
    <Group justify="space-between" mb="sm" gap="sm">
      <Group gap="sm">
        <Group gap={6}>
          <Text size="sm">Show</Text>
          <Select
            aria-label="Show"
            size="xs"
            w={80}
            data={PAGE_SIZES.map(String)}
            value={String(props.pageSize)}
            allowDeselect={false}
            onChange={(value) => value && props.onPageSize(Number(value))}
          />
        </Group>
        <ColumnsMenu visibility={props.visibility} onChange={props.onVisibility} />
        <Checkbox
          size="xs"
          label="Hide Unformatted"
          checked={props.hideUnformatted}
          onChange={(event) => props.onHideUnformatted(event.currentTarget.checked)}
        />
        {props.filters}
        <TextInput
          size="xs"
          w={240}
          placeholder="Search all columns..."
          aria-label="Search all columns"
          leftSection={<IconSearch size={14} />}
          value={props.search}
          onChange={(event) => props.onSearch(event.currentTarget.value)}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={props.onRefresh}
          loading={props.refreshing}
        >
          Refresh
        </Button>
        <ExportMenu formats={['xlsx', 'csv']} onExport={props.onExport} busy={props.exporting} />
        {props.onImport && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileImport size={14} />}
            onClick={props.onImport}
          >
            Import
          </Button>
        )}
      </Group>
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
    </Group>
  );
}
