import fc from 'fast-check';
import { EDITABLE_LEAD_FIELDS, leadReplace } from '@auditdesk/shared/core';
import { createFieldChecks } from '../../src/features/leads/import/checkImportedFields';
import type { FieldValues, ImportedField } from '../../src/features/leads/import/planImport';

const FIELDS = EDITABLE_LEAD_FIELDS as readonly ImportedField[];

// a few values of every kind the checks tell apart, each drawn often, so answers are kept and reused
const VALUE = fc.constantFrom<string | null>(
  '',
  'Sam Rivera',
  '  padded  ',
  'line one\r\nline two',
  'bare\rreturn',
  'tab\there',
  'nul\u0000',
  '\u202eright to left',
  'x'.repeat(5_001),
  'ann@example.com',
  'not an e-mail',
  'https://example.com/visit',
  'javascript:alert(1)',
  '2026-03-04',
  '2026-02-30',
  '2026-03-04T14:00:00+01:00',
  '2026-03-04T14:00:00',
  null,
);
const ROW = fc.dictionary(fc.constantFrom(...FIELDS), VALUE) as fc.Arbitrary<FieldValues>;

/** The row's check as a whole-row parse of the contract gives it: values, or each field's messages in order. */
function wholeRow(values: FieldValues) {
  const checked = leadReplace.partial().safeParse(values);
  if (checked.success) return { data: checked.data, problems: [] };
  return {
    data: undefined,
    problems: checked.error.issues.map((issue) => ({ field: issue.path[0], message: issue.message })),
  };
}

describe('an imported row’s values checked field by field', () => {
  it('gives what the contract’s check of the whole row gives, answers kept or not', () => {
    const check = createFieldChecks();
    fc.assert(
      fc.property(ROW, (values) => {
        const expected = wholeRow(values);
        const checked = check(values);
        expect(checked.problems).toEqual(expected.problems);
        if (expected.problems.length === 0) expect(checked.data).toEqual(expected.data);
      }),
      { numRuns: 400 },
    );
  });

  it('answers a value checked before as it did, and a new value by its own check', () => {
    const check = createFieldChecks();
    expect(check({ comments: 'a\r\nb', phoneNumber: '555-0100' })).toEqual({
      data: { phoneNumber: '555-0100', comments: 'a\nb' },
      problems: [],
    });
    expect(check({ comments: 'a\r\nb' }).data).toEqual({ comments: 'a\nb' });
    expect(check({ email: 'not an e-mail' }).problems).toEqual([
      { field: 'email', message: 'Enter a valid e-mail address.' },
    ]);
  });
});
