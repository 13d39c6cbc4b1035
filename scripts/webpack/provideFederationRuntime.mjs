// A federation runtime plugin for the host: it hands the host's own runtime-core to the
// remotes, which production builds leave out (experiments.externalRuntime), so the page
// carries one runtime. (The enhanced plugin's provideExternalRuntime does the same, but
// through the CommonJS build, which put a second copy of runtime-core in the host.)
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      runtimeCore.Global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
