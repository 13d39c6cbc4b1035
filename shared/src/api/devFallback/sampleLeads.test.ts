import { formatProblems } from '../../leads/formatProblems';
import { SAMPLE_AUDITORS, sampleLeads } from './sampleLeads';

describe('the sample leads of a remote on its own', () => {
  const today = new Date('2026-11-24T10:00:00Z');
  const { formatted, unformatted } = sampleLeads(today);

  it('are enough to page, filter and search: 50+ over several months, for both auditors', () => {
    expect(formatted.length).toBeGreaterThanOrEqual(50);
    const months = new Set(formatted.map((lead) => lead.scheduledDate!.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
    for (const auditor of SAMPLE_AUDITORS)
      expect(formatted.filter((lead) => lead.auditor === auditor).length).toBeGreaterThan(10);
    expect(new Set(formatted.map((lead) => lead.status))).toEqual(
      new Set(['Scheduled', 'Completed', 'Cancelled']),
    );
    expect(formatted.some((lead) => lead.referredBy)).toBe(true);
  });

  it('are the same on every start, and formatted exactly when the format rules say so', () => {
    expect(sampleLeads(today)).toEqual({ formatted, unformatted });
    expect(formatted.every((lead) => formatProblems(lead).length === 0)).toBe(true);
    expect(unformatted.length).toBeGreaterThan(0);
    expect(unformatted.every((lead) => formatProblems(lead).length > 0 && !lead.isFormatted)).toBe(true);
    expect(new Set([...formatted, ...unformatted].map((lead) => lead.id)).size).toBe(
      formatted.length + unformatted.length,
    );
  });
});
