import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A first render pulls in a page's modules: on a busy two-core CI machine that alone has
// taken more than the default second, and jest runs two files at a time. What never appears
// still fails, ten seconds later.
configure({ asyncUtilTimeout: 10_000 });

// What Mantine and recharts expect from a browser and jsdom does not provide.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
