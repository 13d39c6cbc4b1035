import { ExportMenu, type ExportFormat } from '@auditdesk/shared';
import type { ReactNode } from 'react';
import { Button, Checkbox, Group, Select, Text, TextInput } from '@mantine/core';
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
  onExport: (format: ExportFormat) => void;
  exporting: ExportFormat | null;
  /** Opens the import dialog; absent for those who may not edit leads. */
  onImport?: () => void;
}

/** Above the table: page size, columns, filters, search, refresh, export, import (the pages are below it). */
export function LeadsToolbar(props: LeadsToolbarProps) {
  return (
    <Group mb="sm" gap="sm">
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
    </Group>
  );
}
