// What a remote's production build uses as its webpack bundler runtime instead of bundling
// @module-federation/webpack-bundler-runtime, the runtime package and the SDK (about 4 KB gzip
// of each remoteEntry.js): the host's, handed over by provideFederationRuntime.mjs. Two parts
// stay the remote's own. Its instance: the host's `init` would find the host's own instance
// (by the host's build id) and the runtime package keeps the instance that `loadRemote` acts
// on in a module variable a remote's init would overwrite; so the remote's instance is found
// or created here, by the remote's build id, as the runtime's `init` does. And the container
// entry's init, which the host's build (it exposes nothing) leaves out.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

const host = globalThis._FEDERATION_BUNDLER_RUNTIME;
if (!host) {
  throw new Error(
    'This remote takes the federation runtime from the host page, and the page has none: load it through the Auditdesk host.',
  );
}

/* global FEDERATION_BUILD_IDENTIFIER -- defined by the federation plugin in each build */
const BUILD_ID = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';

function isThisBuild(instance, name, version) {
  const { options } = instance;
  if (BUILD_ID && options.id === BUILD_ID) return true;
  return options.name === name && (version ? options.version === version : !options.version);
}

function init(options) {
  const normalized = { ...options, id: options.id || '' };
  const known = host.runtime.getInstance((instance) => isThisBuild(instance, options.name, options.version));
  if (!known) return host.runtime.createInstance(normalized);
  known.initOptions(normalized);
  return known;
}

const bundlerRuntime = { ...host.bundlerRuntime, initContainerEntry };

export default {
  runtime: { ...host.runtime, init },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime,
  attachShareScopeMap: host.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
