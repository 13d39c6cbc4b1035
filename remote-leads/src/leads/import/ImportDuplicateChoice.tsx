import type { ImportRowOutcome } from '@auditdesk/shared';
import { Select, Stack, Text } from '@mantine/core';
import { REASON_TEXT } from '../duplicates/duplicateIndex';
import type { DuplicateChoice } from './useLeadImport';

const NEW = 'new';

/** Why the row looks like the lead: "same phone and e-mail". */
const why = (reasons: ImportRowOutcome['duplicates'][number]['reasons']) =>
  reasons.map((reason) => REASON_TEXT[reason]).join(' and ');

/** What a row that looks like existing leads does now: the lead it updates, or a new lead. */
export const currentChoice = (row: ImportRowOutcome): DuplicateChoice =>
  row.outcome === 'create' || !row.leadId ? NEW : row.leadId;

/**
 * A row of the file that looks like leads already here (the duplicates' phone, e-mail, or
 * name and address): which one it is like and why, and the choice of updating it or making a
 * new lead anyway.
 */
export function ImportDuplicateChoice({
  row,
  disabled,
  onChoose,
}: {
  row: ImportRowOutcome;
  disabled: boolean;
  onChoose: (row: number, choice: DuplicateChoice) => void;
}) {
  const [likeliest] = row.duplicates;
  const data = [
    ...row.duplicates.map((lead) => ({
      value: lead.leadId,
      label: `Update ${lead.customerName || '(no name)'}`,
    })),
    { value: NEW, label: 'New lead anyway' },
  ];
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        Looks like {likeliest!.customerName || '(no name)'} ({why(likeliest!.reasons)})
        {row.duplicates.length > 1 ? ` and ${row.duplicates.length - 1} more` : ''}
      </Text>
      <Select
        size="xs"
        w={240}
        aria-label={`What row ${row.row} does`}
        data={data}
        value={currentChoice(row)}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value && onChoose(row.row, value)}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
