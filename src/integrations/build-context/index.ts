// Astro integration that hands the build context to the pages and reads the previous release when the build starts;
// once the pages are built, it prints the data's notes and warnings.
import type { AstroIntegration } from "astro";
import type { BuildContext } from "../../build/context.ts";
import { installBuildContext } from "../../build/current-context.ts";
import { externalModule } from "./external-module.ts";

/** The module pages reach the context through: loaded by Node, never bundled, so that it holds what this installs. */
const CONTEXT_MODULE = new URL("../../build/current-context.ts", import.meta.url);

export default function buildContextIntegration(context: BuildContext): AstroIntegration {
  return {
    name: "reviews-service:build-context",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        installBuildContext(context);
        updateConfig({ vite: { plugins: [externalModule(CONTEXT_MODULE)] } });
      },
      "astro:build:start": () => context.readPrevious(),
      // Written to stderr, not through Astro's logger: `npm run build` runs Astro with --silent.
      "astro:build:done": async () => {
        const site = await context.site();
        for (const note of site.notes) process.stderr.write(`note: ${note}\n`);
        for (const warning of site.warnings) process.stderr.write(`warning: ${warning}\n`);
      },
    },
  };
}
