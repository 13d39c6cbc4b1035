import { changePair, comparedPair } from './comparedPair';

const CONFIGURED = ['Sam Rivera', 'Alex Chen', 'Pat Morgan'];

describe('the compared pair', () => {
  it('is the two the URL names, else the first two configured', () => {
    expect(comparedPair(CONFIGURED, [])).toEqual(['Sam Rivera', 'Alex Chen']);
    expect(comparedPair(CONFIGURED, ['Pat Morgan', 'Sam Rivera'])).toEqual(['Pat Morgan', 'Sam Rivera']);
    // an unknown name, one name, or the same name twice: the default pair
    expect(comparedPair(CONFIGURED, ['Pat Morgan', 'Nobody'])).toEqual(['Sam Rivera', 'Alex Chen']);
    expect(comparedPair(CONFIGURED, ['Pat Morgan'])).toEqual(['Sam Rivera', 'Alex Chen']);
    expect(comparedPair(CONFIGURED, ['Pat Morgan', 'Pat Morgan'])).toEqual(['Sam Rivera', 'Alex Chen']);
  });

  it("swaps the two when one side is given the other's name", () => {
    expect(changePair(['Sam Rivera', 'Alex Chen'], 1, 'Pat Morgan')).toEqual(['Sam Rivera', 'Pat Morgan']);
    expect(changePair(['Sam Rivera', 'Alex Chen'], 0, 'Alex Chen')).toEqual(['Alex Chen', 'Sam Rivera']);
    expect(changePair(['Sam Rivera', 'Alex Chen'], 1, 'Sam Rivera')).toEqual(['Alex Chen', 'Sam Rivera']);
  });
});
