import { MERGEABLE_LEAD_FIELDS } from '../contract/leadFields';
import { mergeSurvivor, preselectMerge, type MergeSide } from './mergeChoice';

const blank = Object.fromEntries(MERGEABLE_LEAD_FIELDS.map((field) => [field, ''])) as MergeSide['values'];
const side = (
  overrides: Partial<Omit<MergeSide, 'values'>> & { values?: Partial<MergeSide['values']> },
): MergeSide => ({
  id: 1,
  source: 'calendar',
  updatedAt: '2025-03-01T00:00:00.000Z',
  officeFields: [],
  ...overrides,
  values: { ...blank, scheduledDate: null, endDate: null, ...overrides.values },
});

// Issue 37: a merge preselects the newest non-empty value, and every office value over a calendar value.
describe('the merge’s preselection', () => {
  const older = side({
    id: 1,
    values: { auditor: 'Sam Rivera', email: 'ann@example.com', status: 'Scheduled' },
  });
  const newer = side({
    id: 2,
    updatedAt: '2025-03-05T00:00:00.000Z',
    values: { auditor: 'Alex Chen', email: '', status: 'Completed' },
  });

  it('takes the lead changed last unless its value is empty', () => {
    expect(preselectMerge([older, newer])).toMatchObject({ auditor: 'Alex Chen', email: 'ann@example.com' });
  });

  it('takes an office value over a calendar value, however new that is', () => {
    const edited = { ...older, officeFields: ['auditor'] };
    expect(preselectMerge([edited, newer])).toMatchObject({ auditor: 'Sam Rivera', status: 'Completed' });
    // a manual lead's values are all the office's
    expect(preselectMerge([{ ...older, source: 'manual' }, newer])).toMatchObject({ status: 'Scheduled' });
  });

  it('joins both comments, the preferred first, each once', () => {
    const a = side({ values: { comments: 'side door' } });
    const b = side({ updatedAt: '2025-03-09T00:00:00.000Z', values: { comments: 'dog in the yard' } });
    expect(preselectMerge([a, b]).comments).toBe('dog in the yard\n\nside door');
    expect(preselectMerge([a, { ...b, values: { ...b.values, comments: 'side door' } }]).comments).toBe(
      'side door',
    );
  });

  it('keeps a calendar lead over a manual one, else the first named', () => {
    type Lead = { source: 'manual' | 'calendar'; n: number };
    const manual: Lead = { source: 'manual', n: 1 };
    const calendar: Lead = { source: 'calendar', n: 2 };
    expect(mergeSurvivor(manual, calendar)).toEqual([calendar, manual]);
    expect(mergeSurvivor(calendar, { ...calendar, n: 3 })[0].n).toBe(2);
  });
});
