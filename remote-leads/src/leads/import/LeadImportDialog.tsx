import { type ImportResult } from '@auditdesk/shared';
import { Alert, Button, FileInput, Grid, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { importApi, type ImportApi } from './importApi';
import { importChoice } from './importChoice';
import { AlreadyImportedNote, DuplicatesChoice } from './ImportDuplicatesNote';
import { ImportMappingTable } from './ImportMappingTable';
import { ImportPreviewRows, ImportTotals } from './ImportPreviewRows';
import { useLeadImport, type ImportPhase } from './useLeadImport';

interface LeadImportDialogProps {
  opened: boolean;
  onClose: () => void;
  onImported: (fileName: string, result: ImportResult) => void;
  api?: ImportApi;
}

function phaseText(phase: ImportPhase, fileName: string, percent: number): string {
  if (phase === 'sending') return `Sending ${fileName}… ${percent}%`;
  if (phase === 'checking') return 'Checking every row against the leads…';
  return 'Writing the leads: a large file takes a moment.';
}

/**
 * Import leads from a .csv or .xlsx file: choose it, check the mapping of its columns and
 * the preview of every row, then import (all the rows, or the valid ones when some are not).
 */
export function LeadImportDialog({ opened, onClose, onImported, api = importApi }: LeadImportDialogProps) {
  const state = useLeadImport(api, onImported);
  const { file, preview, duplicates, phase, percent, error } = state;
  const busy = phase !== 'idle';
  const choice = preview ? importChoice(preview.totals) : null;

  return (
    <Modal opened={opened} onClose={onClose} title="Import leads" size={1100} centered>
      <Stack gap="sm">
        <FileInput
          label="File"
          description="A .csv or .xlsx file, such as the leads export. A row whose Lead ID exists updates that lead; a row that looks like a lead you have (its phone, e-mail, or name and address) updates it or becomes a new lead, as you choose; any other row becomes a new manual lead. Nothing is written before you import."
          placeholder="Choose a .csv or .xlsx file"
          accept=".csv,.xlsx"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={state.choose}
          disabled={busy}
          clearable
        />
        {busy && (
          <div role="status">
            <Text size="sm" mb={4}>
              {phaseText(phase, file?.name ?? 'the file', percent)}
            </Text>
            <Progress
              value={phase === 'sending' ? percent : 100}
              animated={phase !== 'sending'}
              striped={phase !== 'sending'}
              aria-label="Import progress"
            />
          </div>
        )}
        {error && (
          <Alert color="red" title="The file cannot be imported" role="alert">
            {error} Choose another file, or fix this one and choose it again.
          </Alert>
        )}
        {preview && (
          <>
            {preview.alreadyImported && <AlreadyImportedNote imported={preview.alreadyImported} />}
            <ImportTotals totals={preview.totals} />
            {preview.totals.duplicates > 0 && (
              <DuplicatesChoice
                count={preview.totals.duplicates}
                choice={duplicates.all}
                disabled={busy}
                onChange={state.chooseAllDuplicates}
              />
            )}
            {!preview.mapping.includes('leadId') && (
              <Alert color="yellow" p="xs">
                No column goes into Lead ID: rows are matched with your leads only by their phone, e-mail, or
                name and address. To update leads by their Lead ID, export them with the Lead ID column shown,
                or map the column that holds it.
              </Alert>
            )}
            <Grid gutter="md">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Title order={4} size="h6" mb={4}>
                  Columns
                </Title>
                <ImportMappingTable
                  header={preview.header}
                  mapping={preview.mapping}
                  disabled={busy}
                  onChange={state.remap}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Title order={4} size="h6" mb={4}>
                  Preview
                </Title>
                <ImportPreviewRows
                  preview={preview}
                  disabled={busy}
                  onChooseDuplicate={state.chooseDuplicate}
                />
              </Grid.Col>
            </Grid>
            {choice && 'note' in choice && (
              <Text size="sm" c={choice.kind === 'nothing' ? 'dimmed' : 'red'}>
                {choice.note}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {choice && (choice.kind === 'valid' || choice.kind === 'all') ? 'Cancel' : 'Close'}
          </Button>
          {choice && (choice.kind === 'valid' || choice.kind === 'all') && (
            <Button
              onClick={() => void state.importRows()}
              loading={busy}
              color={choice.kind === 'valid' ? 'orange' : undefined}
            >
              {choice.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
