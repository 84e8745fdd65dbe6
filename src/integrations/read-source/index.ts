// Astro integration that starts reading the data when the build starts, so that it is read while Vite bundles the
// pages instead of after (src/build/read-source.ts); the pages take the read over.
import type { AstroIntegration } from "astro";
import { startReadingSource } from "../../build/read-source.ts";

export default function readSourceEarly(): AstroIntegration {
  return {
    name: "reviews-service:read-source",
    hooks: {
      "astro:build:start": () => {
        // A failure is the pages' to report, when they take the read over: until then it must not end the process.
        startReadingSource().catch(() => {});
      },
    },
  };
}
