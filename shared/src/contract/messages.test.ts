import type { z } from 'zod';
import { forgotPasswordBody, setPasswordBody } from './auth';
import { createUserBody, grantBody } from './users';
import { leadCreate } from './leads';
import { gridQuery } from './scheduling';
import { executeBody } from './sync';
import { standardViewState } from './leadsViewState';
import { savedViewCreate } from './views';

/** What a person can type wrong on a screen, and the schema that judges it. */
const MISTAKES: [string, z.ZodType, unknown][] = [
  [
    'sync: start after end (checked by the server)',
    executeBody,
    { startDate: '2025-03-31', endDate: '2025-03' },
  ],
  ['sync: a date that does not exist', executeBody, { startDate: '2025-02-30', endDate: '2025-03-01' }],
  ['sync: one date only', executeBody, { startDate: '2025-03-01' }],
  ['grid: start after end', gridQuery, { startDate: '2025-03-31', endDate: '2025-03-01' }],
  ['lead: no name', leadCreate, { customerName: ' ' }],
  ['lead: bad e-mail', leadCreate, { customerName: 'A', email: 'nope' }],
  ['lead: bad link', leadCreate, { customerName: 'A', linkId: 'javascript:alert(1)' }],
  ['lead: long comments', leadCreate, { customerName: 'A', comments: 'x'.repeat(4001) }],
  ['lead: bad date', leadCreate, { customerName: 'A', scheduledDate: '03/01/2025' }],
  ['user: bad e-mail', createUserBody, { email: 'someone', name: 'Some One' }],
  ['user: no name', createUserBody, { email: 'a@example.com', name: '' }],
  ['grant: bad role', grantBody, { email: 'a@example.com', role: 'Boss' }],
  ['forgot password: empty', forgotPasswordBody, { email: '' }],
  ['set password: short', setPasswordBody, { token: 't', password: 'short' }],
  ['view: no name', savedViewCreate, { name: '  ', state: standardViewState() }],
  ['view: long name', savedViewCreate, { name: 'v'.repeat(81), state: standardViewState() }],
  ['view: NUL in the name', savedViewCreate, { name: 'Week\u0000', state: standardViewState() }],
  ['view: an override in the name', savedViewCreate, { name: 'k\u202Eeew', state: standardViewState() }],
  ['lead: a carriage return in the name', leadCreate, { customerName: 'Wyn\rRRULE:FREQ=DAILY' }],
  ['lead: a carriage return in comments', leadCreate, { customerName: 'A', comments: 'a\rb' }],
];

describe('the messages a person reads when a form is refused', () => {
  it.each(MISTAKES)('%s: says what to do, without field names', (_name, schema, input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) {
      // a sentence: a capital first, a full stop last; no camelCase names, no "expected …"
      expect(issue.message).toMatch(/^[A-Z].*\.$/);
      expect(issue.message).not.toMatch(/\b[a-z]+[A-Z]\w*\b|expected/);
    }
  });

  it('the sync says in words that the start is after the end', async () => {
    const { START_AFTER_END } = await import('./common');
    expect(START_AFTER_END).toBe('The start date is after the end date.');
    const grid = gridQuery.safeParse({ startDate: '2025-03-31', endDate: '2025-03-01' });
    expect(grid.error?.issues.map((issue) => issue.message)).toEqual([START_AFTER_END]);
  });
});
