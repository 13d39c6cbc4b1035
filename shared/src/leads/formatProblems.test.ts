import { formatProblems } from './formatProblems';

describe('formatProblems', () => {
  it('is empty for a formatted lead', () => {
    expect(
      formatProblems({ customerName: 'Jane Doe', auditor: 'Sam Rivera', houseType: '2 Family' }),
    ).toEqual([]);
  });

  it('names each thing an unformatted lead lacks', () => {
    expect(formatProblems({ customerName: ' ', auditor: '', houseType: 'condo?' })).toEqual([
      'no customer name',
      'no auditor',
      'house type not recognised',
    ]);
    expect(formatProblems({ customerName: 'Jane', auditor: 'Sam Rivera', houseType: '' })).toEqual([
      'no house type',
    ]);
  });
});
