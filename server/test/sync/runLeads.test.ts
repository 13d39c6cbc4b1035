import type { HashedLead } from '../../src/features/leads/record/leadContentHash';
import { lead } from '../../testkit/builders/leads';
import { createRunLeads } from '../../src/features/sync/engine/runLeads/runLeads';

const hashed = (leadId: string, contentHash = `hash-${leadId}`): HashedLead => ({
  ...lead({ leadId }),
  contentHash,
});

// leadIds whose order differs between JavaScript's sort (UTF-16 code units) and code points
const LEADS = ['b', 'lead-\u{1F600}', 'a', 'lead-\uFFFD', 'c'].map((id) => hashed(id));

describe.each([
  ['in memory', undefined],
  ['on disk', 2],
])('a run’s leads %s', (_where, spillAt) => {
  const runLeads = () => createRunLeads({ spillAt });

  it('hands them back in the order first seen, the last of a repeated leadId in the first one’s place', () => {
    const held = runLeads();
    held.add(LEADS.slice(0, 3));
    held.add([hashed('b', 'newer'), ...LEADS.slice(3)]);
    expect(held.size).toBe(5);
    const read = [...held.chunks()].flat();
    expect(read.map((item) => item.leadId)).toEqual(LEADS.map((item) => item.leadId));
    expect(read[0]).toEqual(hashed('b', 'newer'));
    // read as often as asked
    expect([...held.chunks()].flat()).toEqual(read);
    held.close();
  });

  it('hands back one sheet’s leads when asked', () => {
    const held = runLeads();
    held.add(LEADS.map((item, at) => ({ ...item, isFormatted: at % 2 === 0 })));
    const ids = (formatted: boolean) =>
      [...held.chunks(formatted)].flat().map((item) => [item.leadId, item.isFormatted]);
    expect(ids(true)).toEqual([
      ['b', true],
      ['a', true],
      ['c', true],
    ]);
    expect(ids(false)).toEqual([
      ['lead-\u{1F600}', false],
      ['lead-\uFFFD', false],
    ]);
    held.close();
  });

  it('sorts their fingerprints by code point, as SQLite orders text', () => {
    const held = runLeads();
    held.add(LEADS);
    expect([...held.fingerprints()]).toEqual([
      'a:hash-a',
      'b:hash-b',
      'c:hash-c',
      'lead-\uFFFD:hash-lead-\uFFFD',
      'lead-\u{1F600}:hash-lead-\u{1F600}',
    ]);
    held.close();
  });

  it('holds nothing for a run without leads', () => {
    const held = runLeads();
    expect(held.size).toBe(0);
    expect([...held.chunks()]).toEqual([]);
    expect([...held.fingerprints()]).toEqual([]);
    held.close();
  });
});
