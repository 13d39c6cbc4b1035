import { savedViewIn, viewAddressIn, withSavedView } from './savedViewParam';

const query = (text: string) => new URLSearchParams(text);

describe("a saved view's place in the leads URL", () => {
  it("knows a view's own address: ?view=N and nothing else", () => {
    expect(viewAddressIn(query('view=3'))).toBe(3);
    expect(viewAddressIn(query('view=3&q=oak'))).toBeNull();
    expect(viewAddressIn(query('page=1&view=3'))).toBeNull();
    expect(viewAddressIn(query('view=abc'))).toBeNull();
    expect(viewAddressIn(query(''))).toBeNull();
    expect(savedViewIn(query('q=oak&view=3'))).toBe(3);
  });

  it('writes a state naming a view so that it never reads as that address', () => {
    expect(withSavedView(query(''), 3).toString()).toBe('page=1&view=3');
    expect(withSavedView(query('q=oak'), 3).toString()).toBe('q=oak&view=3');
    expect(withSavedView(query('q=oak&view=3'), null).toString()).toBe('q=oak');
    expect(withSavedView(query(''), null).toString()).toBe('');
  });
});
