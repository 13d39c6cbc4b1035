import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import type { ExportFormat } from '../export/exportFile';

const LABELS: Record<ExportFormat, string> = { xlsx: 'Excel (.xlsx)', csv: 'CSV (.csv)' };
const ICONS = { xlsx: IconFileSpreadsheet, csv: IconFileText };

interface ExportMenuProps {
  formats: readonly ExportFormat[];
  onExport: (format: ExportFormat) => void;
  busy: ExportFormat | null;
  disabled?: boolean;
  /** The button's text, where a screen has more than one export. */
  label?: string;
}

/** 'Export': one button per format, or a menu when there are several. */
export function ExportMenu({ formats, onExport, busy, disabled, label = 'Export' }: ExportMenuProps) {
  if (formats.length === 1) {
    const format = formats[0]!;
    return (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        loading={busy === format}
        disabled={disabled}
        onClick={() => onExport(format)}
        aria-label={`${label} as ${LABELS[format]}`}
      >
        {label}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={12} />}
          loading={busy !== null}
          disabled={disabled}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map((format) => {
          const Icon = ICONS[format];
          return (
            <Menu.Item key={format} leftSection={<Icon size={16} />} onClick={() => onExport(format)}>
              {LABELS[format]}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
