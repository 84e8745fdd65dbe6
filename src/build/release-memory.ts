// Giving the heap's free memory back to the system between a full build's stages. V8 collects garbage when its heap
// nears a limit it sets from the last collection, and keeps the pages it frees for reuse: a 100k-review full build's
// heap grew past 600 MB while the source reviews, their analyses and the derived reviews were alive together, and that
// memory stayed resident to the end of the build, under the pages, the workers and the publish step. The build runs
// with `--expose-gc` (BUILD_NODE_OPTIONS in scripts/lib/astro-build.ts); a process without it (a unit test deriving
// the site) collects when V8 decides.

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * A full, compacting collection that returns free pages to the system (V8's "last resort" collection), when the process
 * exposes one: 0.3-0.4 s at 100k reviews, so it is for the stages after which most of the heap is garbage.
 */
export function releaseMemory(): void {
  const gc = (globalThis as { gc?: Collect }).gc;
  gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
}
