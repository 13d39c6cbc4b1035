// Fastify names each plugin it registers, twice per `register`: a plugin without a display
// name is looked for among the exports of every module in `require.cache`. Under jest that
// cache is a proxy over the test file's whole module registry (thousands of modules), so
// building the app took 0.5–1 s in a test against about 0.1 s in Node, for every
// createTestApp. Here a function's display name is its own name, as Fastify falls back to
// when the scan finds nothing; a name set on purpose (fastify-plugin's) is kept as it was.
const DISPLAY_NAME = Symbol.for('fastify.display-name');

Object.defineProperty(Function.prototype, DISPLAY_NAME, {
  configurable: true,
  get() {
    return this.name || undefined;
  },
  set(value) {
    Object.defineProperty(this, DISPLAY_NAME, { value, writable: true, configurable: true });
  },
});
