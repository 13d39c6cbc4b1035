// One SWC configuration for webpack (swc-loader) and jest (@swc/jest), so the code
// tests run is compiled the way the browser gets it.
/** @param {{ development?: boolean, module?: 'commonjs' | 'es6' }} options */
module.exports = function swcOptions({ development = false, module } = {}) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2020',
      transform: { react: { runtime: 'automatic', development } },
    },
    ...(module ? { module: { type: module } } : {}),
    sourceMaps: true,
  };
};
