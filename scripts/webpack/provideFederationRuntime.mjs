// A federation runtime plugin for the host: it hands the host's own runtime to the remotes,
// whose production builds leave theirs out, so the page carries one runtime: runtime-core
// (experiments.externalRuntime; enhanced's provideExternalRuntime does the same through the
// CommonJS build, which put a second copy of runtime-core in the host) and the bundler runtime
// (see hostBundlerRuntime.mjs).
/* global __webpack_require__ -- the host's webpack runtime, as webpack gives it to a module */
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      runtimeCore.Global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      // the host's bundler runtime, set up by the time its instance is created
      const { runtime, bundlerRuntime, attachShareScopeMap } = __webpack_require__.federation;
      runtimeCore.Global._FEDERATION_BUNDLER_RUNTIME ??= { runtime, bundlerRuntime, attachShareScopeMap };
      return args;
    },
  };
}
