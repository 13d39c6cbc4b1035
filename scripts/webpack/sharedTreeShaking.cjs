// Shared singletons are provided whole by default: nobody knows what another build will
// use. This plugin keeps, in what a build provides, only the exports that this build or
// the remotes it names use, and writes what it needs and provides to shared-usage.json
// beside the build, so a host can be built for its remotes and a host page can tell
// whether a remote asks for more than the host provides.
const { UsageState } = require('webpack');

const NAME = 'SharedTreeShakingPlugin';
const USAGE_FILE = 'shared-usage.json';
/** Stands for "every export": a namespace import, a dynamic import, or unknown use. */
const ALL = '*';
const SHARING_DEPENDENCIES = new Set(['consume shared fallback', 'provide module for shared']);

/** Adds the export names a reference to a shared package reaches; ALL when it takes the whole module. */
function addReferenced(names, referencedExports) {
  for (const reference of referencedExports) {
    const path = Array.isArray(reference) ? reference : reference.name;
    if (path.length === 0) names.add(ALL);
    else names.add(path[0]);
  }
}

class SharedTreeShakingPlugin {
  /**
   * @param {object} options
   * @param {string[]} options.packages  share keys to tree-shake (side-effect-free packages)
   * @param {Record<string, string[]>} [options.alsoProvide]  exports others need (the remotes'), per package
   */
  constructor({ packages, alsoProvide = {} }) {
    this.packages = new Set(packages);
    this.alsoProvide = alsoProvide;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      /** package → export names this build's code references */
      const needs = new Map([...this.packages].map((name) => [name, new Set()]));
      /** package → export names this build keeps in what it provides */
      const provides = new Map();

      compilation.hooks.dependencyReferencedExports.tap(NAME, (referencedExports, dependency) => {
        // by the module it reaches, not its request: an import a re-exporting module passes on
        // (webpack's side-effects optimisation) reaches the shared module under another request,
        // and a request a plugin redirected (splitMantine.cjs) reaches another module
        const target = compilation.moduleGraph.getModule(dependency);
        const key = target
          ? target.type === 'consume-shared-module' && target.options.shareKey
          : dependency.request;
        const names = typeof key === 'string' && needs.get(key);
        // the federation's own links (a consume's fallback, a provide) are not uses
        if (names && !SHARING_DEPENDENCIES.has(dependency.type)) addReferenced(names, referencedExports);
        return referencedExports;
      });

      // After FlagDependencyUsagePlugin (stage 0) has marked the provided packages as
      // used in an unknown way, and before the chunk graph is built from that marking.
      compilation.hooks.optimizeDependencies.tap({ name: NAME, stage: 1 }, (modules) => {
        const moduleGraph = compilation.moduleGraph;
        for (const provided of modules) {
          if (provided.type !== 'provide-module' || !this.packages.has(provided._name)) continue;
          const keep = new Set([...needs.get(provided._name), ...(this.alsoProvide[provided._name] ?? [])]);
          const real = moduleGraph.getModule(provided.dependencies[0] ?? provided.blocks[0]?.dependencies[0]);
          // Only a package declared free of side effects can lose exports safely.
          if (keep.has(ALL) || !real || real.factoryMeta?.sideEffectFree !== true) {
            provides.set(provided._name, [ALL]);
            continue;
          }
          const exportsInfo = moduleGraph.getExportsInfo(real);
          for (const exportInfo of exportsInfo.orderedExports) {
            if (keep.has(exportInfo.name)) exportInfo.setUsed(UsageState.Used, undefined);
            else if (exportInfo.getUsed(undefined) === UsageState.Unknown)
              exportInfo.setUsed(UsageState.Unused, undefined);
          }
          provides.set(
            provided._name,
            [...exportsInfo.orderedExports]
              .filter((exportInfo) => exportInfo.getUsed(undefined) !== UsageState.Unused)
              .map((exportInfo) => exportInfo.name),
          );
        }
      });

      compilation.hooks.processAssets.tap(
        { name: NAME, stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const asObject = (map) =>
            Object.fromEntries([...map].map(([name, set]) => [name, [...set].sort()]));
          const usage = { needs: asObject(needs), provides: asObject(provides) };
          compilation.emitAsset(
            USAGE_FILE,
            new compiler.webpack.sources.RawSource(`${JSON.stringify(usage, null, 2)}\n`),
          );
        },
      );
    });
  }
}

module.exports = { SharedTreeShakingPlugin, USAGE_FILE, ALL };
