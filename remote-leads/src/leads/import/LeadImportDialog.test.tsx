import type { ImportDuplicateChoices, ImportMapping, ImportPreview, ImportResult } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportApi } from './importApi';
import { LeadImportDialog } from './LeadImportDialog';

const HEADER = ['Lead ID', 'Customer Name', 'Notes', 'Week View'];

function previewOf(
  mapping: ImportMapping,
  totals: Partial<ImportPreview['totals']> = {},
  more: Partial<ImportPreview> = {},
): ImportPreview {
  const full = { rows: 9, create: 2, update: 5, unchanged: 0, error: 2, duplicates: 0, ...totals };
  return {
    fileName: 'march.csv',
    header: HEADER,
    mapping,
    totals: full,
    alreadyImported: null,
    rows: [
      ...(full.error > 0
        ? [
            {
              row: 4,
              outcome: 'error' as const,
              customerName: 'Gus',
              leadId: null,
              fields: [],
              reason: 'E-mail: Enter a valid e-mail address.',
              duplicates: [],
            },
            {
              row: 7,
              outcome: 'error' as const,
              customerName: '',
              leadId: null,
              fields: [],
              reason: 'Customer name is required.',
              duplicates: [],
            },
          ]
        : []),
      {
        row: 2,
        outcome: 'update',
        customerName: 'Dana',
        leadId: 'cal-1',
        fields: ['status', 'heatingFuel'],
        reason: null,
        duplicates: [],
      },
      {
        row: 3,
        outcome: 'create',
        customerName: 'Fay',
        leadId: null,
        fields: [],
        reason: null,
        duplicates: [],
      },
    ],
    ...more,
  };
}

function fakeApi(
  totals: Partial<ImportPreview['totals']> = {},
  answer: (choices: ImportDuplicateChoices) => Partial<ImportPreview> = () => ({}),
) {
  const previews: (ImportMapping | null)[] = [];
  const choices: ImportDuplicateChoices[] = [];
  const runs: {
    mapping: ImportMapping | null;
    acceptInvalid: boolean;
    duplicates?: ImportDuplicateChoices;
  }[] = [];
  const api: ImportApi = {
    async preview(_file, { mapping, duplicates }, onProgress) {
      previews.push(mapping);
      choices.push(duplicates);
      onProgress(50, 100);
      onProgress(100, 100);
      return previewOf(mapping ?? ['leadId', 'customerName', null, null], totals, answer(duplicates));
    },
    async run(_file, { mapping, duplicates }, acceptInvalid, onProgress) {
      runs.push({
        mapping,
        acceptInvalid,
        ...(duplicates.all !== 'update' || Object.keys(duplicates.rows).length ? { duplicates } : {}),
      });
      onProgress(100, 100);
      const result: ImportResult = {
        actionId: 3,
        created: 2,
        updated: 5,
        unchanged: 0,
        skipped: acceptInvalid ? 2 : 0,
      };
      return result;
    },
  };
  return { api, previews, choices, runs };
}

const csvFile = () => new File(['Lead ID,Customer Name\n'], 'march.csv', { type: 'text/csv' });

async function chooseFile() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, csvFile());
}

describe('the import dialog', () => {
  it('shows the proposed mapping and the preview’s totals, and previews again when a column is mapped', async () => {
    const { api, previews } = fakeApi();
    renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={jest.fn()} api={api} />);
    await chooseFile();

    const totals = await screen.findByTestId('import-totals');
    expect(within(totals).getByLabelText('Rows: 9')).toBeInTheDocument();
    expect(within(totals).getByLabelText('New leads: 2')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Updates: 5')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Errors: 2')).toBeInTheDocument();
    expect(previews).toEqual([null]);

    expect(screen.getByLabelText('Field for the column Lead ID')).toHaveValue('Lead ID');
    expect(screen.getByLabelText('Field for the column Notes')).toHaveValue('Not imported');
    const rows = screen.getByRole('table', { name: 'Rows of the file' });
    expect(within(rows).getByText('E-mail: Enter a valid e-mail address.')).toBeInTheDocument();
    expect(within(rows).getByText('Status, Heating Fuel')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Field for the column Notes'));
    await userEvent.click(await screen.findByRole('option', { name: 'Comments' }));
    await waitFor(() => expect(previews).toHaveLength(2));
    expect(previews[1]).toEqual(['leadId', 'customerName', 'comments', null]);

    // a field takes one column: mapping Week View to Customer Name takes it from its column
    await userEvent.click(screen.getByLabelText('Field for the column Week View'));
    await userEvent.click(await screen.findByRole('option', { name: 'Customer Name' }));
    await waitFor(() => expect(previews).toHaveLength(3));
    expect(previews[2]).toEqual(['leadId', null, 'comments', 'customerName']);
  });

  it('with invalid rows, offers to import the valid rows only, and says what is left out', async () => {
    const { api, runs } = fakeApi();
    const onImported = jest.fn();
    renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={onImported} api={api} />);
    await chooseFile();

    expect(await screen.findByText(/2 rows are not valid and would not be imported/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import the 7 valid rows' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(runs).toEqual([{ mapping: ['leadId', 'customerName', null, null], acceptInvalid: true }]);
    expect(onImported).toHaveBeenCalledWith('march.csv', expect.objectContaining({ created: 2, skipped: 2 }));
  });

  it('without invalid rows, imports them all', async () => {
    const { api, runs } = fakeApi({ error: 0 });
    renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={jest.fn()} api={api} />);
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 7 rows' }));
    await waitFor(() =>
      expect(runs).toEqual([{ mapping: ['leadId', 'customerName', null, null], acceptInvalid: false }]),
    );
  });

  it('offers no import when nothing would change', async () => {
    const { api } = fakeApi({ rows: 4, create: 0, update: 0, unchanged: 4, error: 0 });
    renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={jest.fn()} api={api} />);
    await chooseFile();
    expect(await screen.findByText(/there is nothing to import/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });

  it('shows the progress of the upload, then that the server is checking the rows', async () => {
    let sent: (sent: number, total: number) => void = () => undefined;
    let answer: (preview: ImportPreview) => void = () => undefined;
    const api: ImportApi = {
      preview: (_file, _choices, onProgress) => {
        sent = onProgress;
        return new Promise((resolve) => (answer = resolve));
      },
      run: jest.fn(),
    };
    renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={jest.fn()} api={api} />);
    await chooseFile();
    act(() => sent(40, 100));
    expect(await screen.findByText('Sending march.csv… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() => sent(100, 100));
    expect(await screen.findByText('Checking every row against the leads…')).toBeInTheDocument();
    act(() => answer(previewOf(['leadId', 'customerName', null, null])));
    expect(await screen.findByTestId('import-totals')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a file cannot be imported, and what to do', async () => {
    const api: ImportApi = {
      preview: async () => {
        throw new Error(
          'The file is larger than 20 MB, the most one import takes. Split it into smaller files.',
        );
      },
      run: jest.fn(),
    };
    renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={jest.fn()} api={api} />);
    await chooseFile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file is larger than 20 MB');
    expect(alert).toHaveTextContent('Choose another file, or fix this one and choose it again.');
  });

  describe('rows that look like leads you have', () => {
    const ROSA = {
      leadId: 'manual-rosa',
      customerName: 'Rosa Diaz',
      scheduledDate: null,
      reasons: ['phone' as const],
    };
    const LIKE_ROSA = (choices: ImportDuplicateChoices): Partial<ImportPreview> => {
      const asNew = (choices.rows['5'] ?? choices.all) === 'new';
      return {
        rows: [
          {
            row: 5,
            outcome: asNew ? 'create' : 'update',
            customerName: 'Rosa Díaz',
            leadId: asNew ? null : ROSA.leadId,
            fields: asNew ? [] : ['status'],
            reason: null,
            duplicates: [ROSA],
          },
        ],
      };
    };

    it('says which lead a row looks like and why, and lets the person update it or make a new lead', async () => {
      const { api, choices, runs } = fakeApi({ error: 0, duplicates: 1 }, LIKE_ROSA);
      renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={jest.fn()} api={api} />);
      await chooseFile();
      expect(await screen.findByText('Looks like Rosa Diaz (same phone)')).toBeInTheDocument();
      expect(
        screen.getByText('1 row looks like leads you have (the same phone, e-mail, or name and address).'),
      ).toBeInTheDocument();
      const row = screen.getByLabelText('What row 5 does');
      expect(row).toHaveValue('Update Rosa Diaz');

      await userEvent.click(row);
      await userEvent.click(await screen.findByRole('option', { name: 'New lead anyway' }));
      await waitFor(() => expect(choices.at(-1)).toEqual({ all: 'update', rows: { '5': 'new' } }));
      expect(await screen.findByText('A new manual lead')).toBeInTheDocument();
      expect(screen.getByLabelText('What row 5 does')).toHaveValue('New lead anyway');

      // all at once: the rows chosen one by one go back to the choice for all
      await userEvent.click(screen.getByText('Make new leads'));
      await waitFor(() => expect(choices.at(-1)).toEqual({ all: 'new', rows: {} }));

      await userEvent.click(screen.getByRole('button', { name: 'Import 7 rows' }));
      await waitFor(() => expect(runs).toHaveLength(1));
      expect(runs[0]).toMatchObject({ duplicates: { all: 'new', rows: {} } });
    });

    it('says the same file was imported before, by whom and when, and if it was undone', async () => {
      const { api } = fakeApi({ error: 0 }, () => ({
        alreadyImported: {
          actionId: 4,
          label: 'import march.csv',
          at: '2026-11-20T15:00:00.000Z',
          by: 'Dana Brooks',
          undoneAt: '2026-11-21T09:00:00.000Z',
        },
      }));
      renderWithProviders(<LeadImportDialog opened onClose={jest.fn()} onImported={jest.fn()} api={api} />);
      await chooseFile();
      const note = await screen.findByTestId('already-imported');
      expect(note).toHaveTextContent('This file was imported before');
      expect(note).toHaveTextContent('by Dana Brooks (“import march.csv”)');
      expect(note).toHaveTextContent('and that import was undone on');
    });
  });
});
