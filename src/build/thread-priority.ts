// The build's worker threads that run beside the pages (compressing /reviews.json, a rebuild's indexing, removing old
// releases) run at the lowest priority: their work has slack until the publish step needs it, while the main thread's
// (insights, pages) is what a build waits for, and on two cores the two would otherwise share one. On Linux a thread's nice value is its own: the main thread keeps its own.
import os from "node:os";

/** Lowers the calling thread's priority to the lowest (nice 19). */
export function yieldToMainThread(): void {
  os.setPriority(19);
}
