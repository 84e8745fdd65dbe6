// The build context of this process, for the pages: the build-context integration installs it and pages read it with
// `buildContext()`. That integration has Vite leave this module out of the pages' bundle, so the pages, which Astro
// bundles, and the integrations, which Node loads, share its one instance.
import type { BuildContext } from "./context.ts";

let current: BuildContext | null = null;

export function installBuildContext(context: BuildContext): void {
  current = context;
}

/** The context of the build rendering the pages. */
export function buildContext(): BuildContext {
  if (!current)
    throw new Error(
      "no build context: the pages are rendered by `astro build` with the build-context integration (astro.config.mjs)",
    );
  return current;
}
